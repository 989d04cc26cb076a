// The built-in tools every project has (switchable per project): no third-party account needed.
import type { GatewayTool } from "../tool-types.ts";
import { calculate } from "./calculate-tool.ts";
import { fetchWebPage } from "./fetch-web-page-tool.ts";
import { convertTime, dateCalculate, getCurrentTime } from "./time-tools.ts";

export const standardTools: readonly GatewayTool[] = [
  getCurrentTime,
  convertTime,
  dateCalculate,
  calculate,
  fetchWebPage,
];

export const standardToolNames = standardTools.map((tool) => tool.name);
