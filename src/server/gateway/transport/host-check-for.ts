// One host check per BASE_URL, built once: every HTTP door of the gateway asks it on every request.
import { createHostCheck, type HostCheck } from "./host-check.ts";

const hostChecks = new Map<string, HostCheck>();

export function hostCheckFor(baseUrl: string): HostCheck {
  let check = hostChecks.get(baseUrl);
  if (!check) {
    check = createHostCheck(baseUrl);
    hostChecks.set(baseUrl, check);
  }
  return check;
}
