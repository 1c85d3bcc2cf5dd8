import type { RequestHandler } from "express";

export type MaintenanceWindow = { start: string; end: string };

/** The body every endpoint answers during maintenance; the web app shows the maintenance page from it. */
export type MaintenanceBody = { status: "maintenance"; scope: "chohyo"; start: string; end: string };

export function isInMaintenance(window: MaintenanceWindow | null, now: Date): window is MaintenanceWindow {
  if (!window) return false;
  return now >= new Date(window.start) && now < new Date(window.end);
}

/** Every endpoint answers 503 while now is inside the configured window. */
export function maintenanceGate(window: MaintenanceWindow | null, now: () => Date = () => new Date()): RequestHandler {
  return (_req, res, next) => {
    if (!isInMaintenance(window, now())) {
      next();
      return;
    }
    const body: MaintenanceBody = { status: "maintenance", scope: "chohyo", start: window.start, end: window.end };
    res.status(503).set("Retry-After", String(Math.max(0, Math.ceil((new Date(window.end).getTime() - now().getTime()) / 1000)))).json(body);
  };
}
