import express, { Router } from "express";
import inject from "light-my-request";
import { describe, expect, it } from "vitest";
import { enteredBySegment } from "../../api/route-segments";

/** An app of two routers behind enteredBySegment, as the Payment API mounts its thirty, and a 404 after them. */
function appOf(...routers: Router[]) {
  const app = express();
  for (const router of routers) app.use(enteredBySegment(router));
  app.use((_req, res) => res.status(404).send("none"));
  return app;
}

const documents = () => {
  const router = Router();
  router.get("/documents/:id", (req, res) => res.send(`document ${req.params.id}`));
  router.get("/documents/:id/page", (req, res) => res.send(`page ${req.params.id}`));
  return router;
};

const get = async (app: express.Express, url: string) => {
  const response = await inject(app, { method: "GET", url });
  return `${response.statusCode} ${response.payload}`;
};

describe("a router entered by its routes' first segments", () => {
  it("answers its routes as Express does, in any case, and leaves other paths to the routers after it", async () => {
    const customers = Router();
    customers.get("/customers", (_req, res) => res.send("customers"));
    const app = appOf(customers, documents());
    expect(await get(app, "/documents/12/page")).toBe("200 page 12");
    expect(await get(app, "/Documents/12")).toBe("200 document 12");
    expect(await get(app, "/customers?page=2")).toBe("200 customers");
    expect(await get(app, "/items")).toBe("404 none");
    expect(await get(app, "/")).toBe("404 none");
  });

  it("enters a router with a middleware of its own, or a route that starts with a parameter, for every path", async () => {
    const guarded = Router();
    guarded.use("/admin", (_req, res) => res.status(403).send("staff only"));
    const open = Router();
    open.get("/:anything/about", (req, res) => res.send(`about ${req.params.anything}`));
    const app = appOf(guarded, open, documents());
    expect(await get(app, "/admin/banks")).toBe("403 staff only");
    expect(await get(app, "/company/about")).toBe("200 about company");
    expect(await get(app, "/documents/3")).toBe("200 document 3");
  });
});
