/**
 * The text layer of a received PDF, read with pdf.js (through unpdf) and
 * laid out as lines, and what it proposes for the document's fields. No OCR:
 * a scan without text gives nothing, and the user types the fields.
 */
import { getResolvedPDFJS } from "unpdf";
import { proposeFromText, type ReceivedProposal } from "../../domain/received-text";

/** What an invoice or receipt says is on its first page; later pages of a long one only add lines. */
const MAX_PAGES = 3;
/** pdf.js parses in this thread (Node has no worker for it), so a costly file is cut off by time as well as pages. */
const DEFAULT_TIMEOUT_MS = 5_000;

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PdfDocument = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;
type TextContentItem = Awaited<ReturnType<Awaited<ReturnType<PdfDocument["getPage"]>>["getTextContent"]>>["items"][number];
type TextItem = Extract<TextContentItem, { str: string }>;
type Run = { text: string; x: number; y: number; width: number; size: number };

/**
 * The text of the first pages, a line for each printed line and a tab
 * between runs set apart (columns); null when there is none (a scan), the
 * file needs a password to open or is broken, or reading it takes too long.
 * Never throws.
 */
export async function extractPdfText(bytes: Uint8Array, { timeoutMs = DEFAULT_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  let task: ReturnType<PdfJs["getDocument"]> | undefined;
  try {
    const { getDocument } = await getResolvedPDFJS();
    // pdf.js takes over (detaches) the buffer it is given, and refuses a Node Buffer: a plain copy
    // leaves the caller's bytes whole (Buffer#slice would share them).
    task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("PDF text extraction timed out")), timeoutMs);
    });
    const text = await Promise.race([task.promise.then(readPages), timeout]);
    return /\S/.test(text) ? text : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    await task?.destroy().catch(() => undefined);
  }
}

export async function proposeFromPdf(bytes: Uint8Array): Promise<ReceivedProposal | null> {
  const text = await extractPdfText(bytes);
  return text === null ? null : proposeFromText(text);
}

async function readPages(pdf: PdfDocument): Promise<string> {
  const pages: string[] = [];
  for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    pages.push(pageLines(content.items.filter((item): item is TextItem => "str" in item)).join("\n"));
  }
  return pages.join("\n");
}

/**
 * pdf.js gives runs of text in drawing order, with its own guesses at line
 * ends that put a left and a right column on one line with a plain space.
 * Runs are put back in reading order instead: top to bottom by baseline (runs
 * whose baselines are within half a letter are one line), then left to right.
 */
function pageLines(items: TextItem[]): string[] {
  const runs: Run[] = items
    .filter((item) => item.str.trim() !== "")
    .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, size: Math.hypot(item.transform[2], item.transform[3]) || 1 }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Run[][] = [];
  for (const run of runs) {
    const line = lines.at(-1);
    const first = line?.[0];
    if (line && first && Math.abs(first.y - run.y) < Math.min(first.size, run.size) / 2) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => joinRuns(line.sort((a, b) => a.x - b.x)));
}

/** Runs that touch are one word; a gap of a letter or more is a new column (a tab), a smaller one a space. */
function joinRuns(line: Run[]): string {
  let text = "";
  let previous: Run | undefined;
  for (const run of line) {
    if (previous) {
      const gap = run.x - (previous.x + previous.width);
      const size = Math.min(previous.size, run.size);
      text += gap >= size ? "\t" : gap > size * 0.15 ? " " : "";
    }
    text += run.text;
    previous = run;
  }
  return text;
}
