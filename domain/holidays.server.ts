import holidayJp from "@holiday-jp/holiday_jp";
import type { HolidayCalendar } from "./due-date";

// The library ships its dates in the package: nothing is fetched at run time.
const ALL_HOLIDAYS = Object.keys(holidayJp.holidays).sort();
const FIRST_YEAR = Number(ALL_HOLIDAYS[0]!.slice(0, 4));
const LAST_YEAR = Number(ALL_HOLIDAYS.at(-1)!.slice(0, 4));

/**
 * Japan's national holidays (振替休日 and 国民の休日 included) from
 * `@holiday-jp/holiday_jp`: every year it knows, or the years asked for.
 * Server-only (the name says so to the compiler): the whole list is about 230 KB.
 */
export function japaneseHolidays(years?: { from: number; to: number }): HolidayCalendar {
  const firstYear = Math.max(years?.from ?? FIRST_YEAR, FIRST_YEAR);
  const lastYear = Math.min(years?.to ?? LAST_YEAR, LAST_YEAR);
  const holidays = ALL_HOLIDAYS.filter((date) => Number(date.slice(0, 4)) >= firstYear && Number(date.slice(0, 4)) <= lastYear);
  return { firstYear, lastYear, holidays };
}
