/**
 * Reads the Lighthouse runs kept by `npm run bench -- --only=lighthouse --lighthouse-reports=DIR` and prints, for
 * each: the score and what each weighted metric gave, the LCP element, the render-blocking files, the DOM size,
 * Lighthouse's main-thread breakdown, and from the trace the page's own main-thread tasks with their wall time
 * (what Lighthouse's simulation multiplies by 4 into TBT) and their CPU time, split by what ran in them.
 *
 * Wall time on a shared machine includes the time the renderer waited for a core; the CPU time does not, so the
 * CPU figures compare two builds measured at different loads.
 *
 *   npx tsx scripts/lighthouse-summary.ts DIR [--task-ms=10]
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: Record<string, unknown> };
type Task = TraceEvent & { dur: number; children: Task[] };
type Audit = { score: number | null; numericValue?: number; displayValue?: string; details?: { items?: Record<string, unknown>[] } };
type Report = {
  categories: { performance: { score: number | null; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, Audit>;
};

/** The renderer's main thread that parsed the page itself (not the first about:blank). */
function pageMainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = new Set(events.filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain").map((event) => `${event.pid}:${event.tid}`));
  const parses = new Map<string, number>();
  for (const event of events) {
    const url = (event.args?.beginData as { url?: string } | undefined)?.url;
    if (event.name === "ParseHTML" && url?.startsWith("http") && mains.has(`${event.pid}:${event.tid}`)) {
      parses.set(`${event.pid}:${event.tid}`, (parses.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
    }
  }
  const best = [...parses].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!best) return null;
  const [pid, tid] = best.split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/** The thread's complete events as a forest of top-level tasks. */
function tasksOf(events: TraceEvent[], thread: { pid: number; tid: number }): Task[] {
  const own = events
    .filter((event): event is TraceEvent & { dur: number } => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X" && event.dur !== undefined)
    .map((event) => ({ ...event, children: [] as Task[] }))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const roots: Task[] = [];
  const open: Task[] = [];
  for (const event of own) {
    while (open.length > 0 && open.at(-1)!.ts + open.at(-1)!.dur <= event.ts) open.pop();
    (open.at(-1)?.children ?? roots).push(event);
    open.push(event);
  }
  return roots;
}

/** CPU microseconds spent in each event's own part (its thread time less its children's), by event name. */
function selfCpu(task: Task, into = new Map<string, number>()): Map<string, number> {
  const own = (task.tdur ?? 0) - task.children.reduce((sum, child) => sum + (child.tdur ?? 0), 0);
  into.set(task.name, (into.get(task.name) ?? 0) + own);
  for (const child of task.children) selfCpu(child, into);
  return into;
}

function byName(cpu: Map<string, number>, minUs: number): string {
  return [...cpu].filter(([, us]) => us >= minUs).sort((a, b) => b[1] - a[1]).map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`).join(", ");
}

function summarise(file: string, taskMs: number): void {
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const { audits } = report;
  console.log(`${path.basename(file)}: score ${Math.round((report.categories.performance.score ?? 0) * 100)}`);
  const metrics = report.categories.performance.auditRefs.filter((ref) => ref.weight > 0);
  console.log(`  ${metrics.map((ref) => `${ref.id} ${audits[ref.id]?.displayValue ?? "?"} (score ${audits[ref.id]?.score ?? "?"} × ${ref.weight})`).join("; ")}`);
  const lcp = audits["largest-contentful-paint-element"]?.details?.items?.[0] as { items?: { node?: { selector?: string } }[] } | undefined;
  console.log(`  LCP element: ${lcp?.items?.[0]?.node?.selector ?? "?"}; DOM ${audits["dom-size"]?.displayValue ?? "?"}`);
  const blocking = audits["render-blocking-resources"]?.details?.items ?? [];
  console.log(`  render-blocking: ${blocking.map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, "")} (${Math.round(Number(item.wastedMs))} ms)`).join(", ") || "none"}`);
  const breakdown = audits["mainthread-work-breakdown"]?.details?.items ?? [];
  console.log(`  main thread (Lighthouse, ×4): ${breakdown.map((item) => `${String(item.groupLabel)} ${Math.round(Number(item.duration))}`).join(", ")}`);

  const traceFile = file.replace(/\.json$/, ".trace.json");
  const trace = JSON.parse(readFileSync(traceFile, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const thread = pageMainThread(events);
  if (!thread) {
    console.log("  (no main thread found in the trace)");
    return;
  }
  const tasks = tasksOf(events, thread);
  const start = tasks[0]?.ts ?? 0;
  const total = new Map<string, number>();
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    const own = selfCpu(task);
    for (const [name, us] of own) total.set(name, (total.get(name) ?? 0) + us);
    wall += task.dur;
    cpu += task.tdur ?? 0;
    if (task.dur >= taskMs * 1000) {
      console.log(`    task at ${((task.ts - start) / 1000).toFixed(0)} ms: wall ${(task.dur / 1000).toFixed(0)} ms, CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms — ${byName(own, 500)}`);
    }
  }
  console.log(`  main thread from the trace: wall ${(wall / 1000).toFixed(0)} ms, CPU ${(cpu / 1000).toFixed(0)} ms — ${byName(total, 1000)}`);
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { "task-ms": { type: "string", default: "10" } } });
const directory = positionals[0];
if (!directory) throw new Error("usage: npx tsx scripts/lighthouse-summary.ts DIR [--task-ms=10]");
for (const name of readdirSync(directory).filter((entry) => entry.endsWith(".json") && !entry.endsWith(".trace.json")).sort()) {
  summarise(path.join(directory, name), Number(values["task-ms"]));
}
