// A tool call refused for its plan, as /mcp answers it on both request paths: a JSON-RPC error (the
// SDK's key order) whose message clients show as it is — the limit reached and the billing page's URL.
import type { PaymentRequired } from "../pipeline/tool-call.ts";

/** JSON-RPC's implementation-defined server error range; data.code says which. */
export const PAYMENT_REQUIRED_RPC_CODE = -32000;

export function paymentRequiredError(refusal: PaymentRequired) {
  return {
    code: PAYMENT_REQUIRED_RPC_CODE,
    message: refusal.message,
    data: { code: refusal.code, limit: refusal.limit, upgradeUrl: refusal.upgradeUrl },
  };
}

/** The same error thrown from the SDK's tools/call handler: the SDK sends code, message and data. */
export class PaymentRequiredRpcError extends Error {
  readonly code = PAYMENT_REQUIRED_RPC_CODE;
  readonly data: ReturnType<typeof paymentRequiredError>["data"];

  constructor(refusal: PaymentRequired) {
    const error = paymentRequiredError(refusal);
    super(error.message);
    this.data = error.data;
  }
}
