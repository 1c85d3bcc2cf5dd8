import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent, fetch, FormData, type Response } from "undici";

export type Page = { url: string; status: number; headers: Headers; body: string; redirects: string[] };

type FormOptions = {
  origin?: string | null;
  /** Files for the form's file inputs, by name: the form is then sent as multipart/form-data, as its enctype says. */
  files?: Record<string, { name: string; type: string; content: string | Uint8Array }>;
};

type RequestInit = { method?: string; headers?: Record<string, string>; body?: string | FormData };

/**
 * A browser with JavaScript off, for tests that run the built server behind
 * something (a proxy, a name only the test resolves): it keeps cookies, follows
 * redirects (and keeps the chain, to see a loop), and posts forms as read from
 * the page, with the Origin a browser sends.
 */
export class FormBrowser {
  private readonly cookies = new Map<string, string>();
  private readonly agent: Agent;

  /**
   * `hosts` names what this client alone resolves (to 127.0.0.1); `ca` is the certificate the proxy's is trusted by;
   * `localAddress` the loopback address it connects from (127.0.0.2 is another user to the server's rate limits).
   */
  constructor({ hosts = [], ca, localAddress }: { hosts?: string[]; ca?: string; localAddress?: string } = {}) {
    this.agent = new Agent({
      ...(localAddress ? { localAddress } : {}),
      connect: {
        ...(ca ? { ca } : {}),
        lookup: (hostname, options, callback) => {
          if (!hosts.includes(hostname)) return dnsLookup(hostname, options, callback as never);
          const address: LookupAddress = { address: "127.0.0.1", family: 4 };
          if ((options as { all?: boolean }).all) (callback as (error: null, addresses: LookupAddress[]) => void)(null, [address]);
          else callback(null, address.address, address.family);
        },
      },
    });
  }

  close() {
    return this.agent.close();
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** One request, no redirect followed; cookies taken in. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      method: init.method ?? "GET",
      body: init.body,
      redirect: "manual",
      dispatcher: this.agent,
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const separator = pair!.indexOf("=");
      const name = pair!.slice(0, separator);
      const value = pair!.slice(separator + 1);
      if (value === "" || /max-age=0\b/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A request and the redirects after it (GET), as a browser follows them; stops after `limit` as a browser's ERR_TOO_MANY_REDIRECTS. */
  async open(url: string, init: RequestInit = {}, limit = 10): Promise<Page> {
    const redirects: string[] = [];
    let response = await this.request(url, init);
    while (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
      // Past the limit, the last redirect is the page: its status says the browser gave up.
      if (redirects.length === limit) break;
      await response.body?.cancel();
      url = new URL(response.headers.get("location")!, url).toString();
      redirects.push(url);
      response = await this.request(url);
    }
    const body = await response.text();
    return { url, status: response.status, headers: response.headers as unknown as Headers, body, redirects };
  }

  /**
   * Submits a page's form (the first whose markup contains `marker`) with its
   * fields as the page fills them, `fields` set over them, and `Origin` as a
   * browser sends it (the page's origin, unless told otherwise). A form whose
   * enctype is multipart/form-data is sent so, with `files` in its file inputs.
   */
  async submit(page: Page, marker: string, fields: Record<string, string> = {}, { origin, files = {} }: FormOptions = {}): Promise<Page> {
    const form = formsOf(page.body).find((candidate) => candidate.markup.includes(marker));
    if (!form) throw new Error(`no form with ${marker} on ${page.url}:\n${page.body.slice(0, 2000)}`);
    const values = new URLSearchParams(form.fields);
    for (const [name, value] of Object.entries(fields)) values.set(name, value);
    const headers: Record<string, string> = {};
    let body: string | FormData;
    if (form.multipart) {
      // fetch writes the Content-Type with its boundary (undici's own FormData: its fetch does not know the global one).
      body = new FormData();
      for (const [name, value] of values) body.append(name, value);
      for (const [name, file] of Object.entries(files)) body.append(name, new Blob([typeof file.content === "string" ? file.content : new Uint8Array(file.content)], { type: file.type }), file.name);
    } else {
      if (Object.keys(files).length > 0) throw new Error(`the form with ${marker} on ${page.url} is not multipart: it cannot send files`);
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = values.toString();
    }
    const sentOrigin = origin === undefined ? new URL(page.url).origin : origin;
    if (sentOrigin !== null) headers.Origin = sentOrigin;
    return this.open(new URL(decode(form.action) || page.url, page.url).toString(), { method: "POST", headers, body });
  }
}

function decode(text: string): string {
  return text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The post forms of a page and the fields each sends as the page fills them (inputs, checked boxes, selects' chosen options, text areas, the default button). */
export function formsOf(html: string): Array<{ action: string; multipart: boolean; markup: string; fields: Array<[string, string]> }> {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)]
    .filter(([, attributes]) => /method="post"/i.test(attributes!))
    .map(([markup, attributes, inner]) => {
      const fields: Array<[string, string]> = [];
      for (const [tag] of inner!.matchAll(/<input\b[^>]*>/g)) {
        const name = attribute(tag, "name");
        const type = attribute(tag, "type") ?? "text";
        if (!name || ["submit", "button", "file", "image", "reset"].includes(type)) continue;
        if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
        fields.push([name, decode(attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""))]);
      }
      for (const [, attrs, options] of inner!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
        const name = attribute(attrs!, "name");
        const chosen = [...options!.matchAll(/<option\b([^>]*)>/g)].find(([, optionAttrs]) => /\sselected/.test(optionAttrs!)) ?? /<option\b([^>]*)>/.exec(options!);
        if (name && chosen) fields.push([name, decode(attribute(chosen[1]!, "value") ?? "")]);
      }
      for (const [, attrs, text] of inner!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
        const name = attribute(attrs!, "name");
        if (name) fields.push([name, decode(text!)]);
      }
      // The button a user presses first: a browser sends its name and value.
      const button = /<button\b[^>]*type="submit"[^>]*>|<button\b(?![^>]*type=)[^>]*>/.exec(inner!)?.[0];
      const buttonName = button && attribute(button, "name");
      if (button && buttonName) fields.push([buttonName, decode(attribute(button, "value") ?? "")]);
      return { action: attribute(attributes!, "action") ?? "", multipart: /\senctype="multipart\/form-data"/i.test(attributes!), markup: markup!, fields };
    });
}
