/**
 * Where a server's CPU time went, from the profiles `npm run bench -- --profile=DIR` keeps
 * (node --cpu-prof): the busy time (not idle) by function and by module, self and inclusive.
 * A bundle of this project with its source map beside it (dist/server.js always; build/index.js after
 * `npx remix build --sourcemap`) is attributed to the source files it was bundled from; a package's code to the package.
 *
 *   npx tsx scripts/cpu-profile-summary.ts FILE.cpuprofile… [--top=25] [--last=SECONDS] [--window=FROM,TO]
 *
 * --last keeps the profile's last seconds only: a server put under load for that long just before it was stopped,
 * without its start (module loading, migrations) before. --window=FROM,TO keeps the span from FROM to TO seconds
 * before the end (`npm run bench -- --only=floor --profile=DIR` prints each floor page's window).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A source map's segments per generated line: [column, source index], decoded from its VLQ mappings. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(";")) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      segments.push([column, source]);
    }
    lines.push(segments);
  }
  return lines;
}

type SourceMap = { sources: string[]; lines: Array<Array<[number, number]>> };

const sourceMaps = new Map<string, SourceMap | null>();

/** The bundle's source map, when one lies beside it; sources relative to the project. */
function sourceMapOf(file: string): SourceMap | null {
  if (!sourceMaps.has(file)) {
    const mapFile = `${file}.map`;
    if (!existsSync(mapFile)) {
      sourceMaps.set(file, null);
    } else {
      const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; sourceRoot?: string; mappings: string };
      const root = process.cwd();
      const sources = map.sources.map((source) => path.relative(root, path.resolve(path.dirname(file), map.sourceRoot ?? "", source)));
      sourceMaps.set(file, { sources, lines: decodeMappings(map.mappings) });
    }
  }
  return sourceMaps.get(file)!;
}

/** The package of a node_modules path ("@scope/name" or "name"), else null. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf("node_modules/");
  if (at < 0) return null;
  const [first, second] = file.slice(at + "node_modules/".length).split("/");
  return first!.startsWith("@") ? `${first}/${second}` : first!;
}

/** Which module a frame's code belongs to: a package, a source file of this project, node's internals, or V8's own entries. */
function moduleOf({ url, lineNumber, columnNumber, functionName }: CallFrame): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/").slice(0, 2).join("/")}`;
  if (url.startsWith("wasm://")) return "(WebAssembly)";
  const file = url.startsWith("file://") ? fileURLToPath(url) : url;
  // A package's own source maps name its sources, not other packages (and some point outside it): the package is the module.
  const inPackage = packageOf(file);
  if (inPackage) return inPackage;
  const map = sourceMapOf(file);
  if (map) {
    const segments = map.lines[lineNumber] ?? [];
    let found: [number, number] | undefined;
    for (const segment of segments) {
      if (segment[0] > columnNumber) break;
      found = segment;
    }
    const source = found ? map.sources[found[1]] : undefined;
    if (source) return packageOf(source) ?? source;
  }
  return path.relative(process.cwd(), file);
}

type Totals = Map<string, number>;
const add = (totals: Totals, key: string, ms: number) => totals.set(key, (totals.get(key) ?? 0) + ms);

/** A span of the profile in seconds before its end: [from, to], from the larger. */
type Window = { from: number; to: number };

function summarise(file: string, top: number, window: Window | null): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const modules = new Map(profile.nodes.map((node) => [node.id, moduleOf(node.callFrame)]));
  const functionOf = (node: ProfileNode) => `${node.callFrame.functionName || "(anonymous)"} ${modules.get(node.id)}`;

  const selfByFunction: Totals = new Map();
  const selfByModule: Totals = new Map();
  const inclusiveByModule: Totals = new Map();
  let busy = 0;
  let idle = 0;
  // Each sample's time in µs from the first: a delta is the time since the sample before.
  const times: number[] = [];
  profile.timeDeltas.reduce((at, delta, index) => (times[index] = at + delta), 0);
  const end = times[times.length - 1]!;
  const [from, to] = window === null ? [-Infinity, Infinity] : [end - window.from * 1e6, end - window.to * 1e6];
  profile.samples.forEach((id, index) => {
    if (times[index]! < from || times[index]! > to) return;
    // The time to the next sample is this sample's own duration.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === "(idle)") {
      idle += ms;
      return;
    }
    busy += ms;
    add(selfByFunction, functionOf(node), ms);
    add(selfByModule, modules.get(id)!, ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) seen.add(modules.get(at)!);
    for (const module of seen) add(inclusiveByModule, module, ms);
  });

  const print = (title: string, totals: Totals) => {
    console.log(`\n${title}`);
    for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((ms / busy) * 100).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${key}`);
    }
  };
  console.log(`${file}: busy ${(busy / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s`);
  print("self time by function", selfByFunction);
  print("self time by module", selfByModule);
  print("inclusive time by module (samples whose stack passes through it)", inclusiveByModule);
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "25" }, last: { type: "string" }, window: { type: "string" } } });
if (positionals.length === 0) throw new Error("name one or more .cpuprofile files");
const [windowFrom, windowTo] = (values.window ?? "").split(",").map(Number);
const window: Window | null =
  values.window !== undefined ? { from: windowFrom!, to: windowTo! } : values.last !== undefined ? { from: Number(values.last), to: 0 } : null;
if (window && !(window.from > window.to && window.to >= 0)) throw new Error("--window=FROM,TO needs FROM > TO ≥ 0 seconds before the end");
for (const file of positionals) summarise(file, Number(values.top), window);
