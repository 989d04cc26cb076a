// The subscriptions a fake Graph holds, as state.ts's FakeGraph carries them (subscriptions.ts serves them).
export interface FakeSubscription {
  id: string;
  resource: string;
  changeType: string;
  clientState: string | null;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  expirationDateTime: string;
  /** The token that made it: the signed-in user's subscription. */
  creatorToken: string;
}

export type Deliver = (url: string, init: RequestInit) => Promise<Response>;

export interface FakeSubscriptions {
  subscriptions: FakeSubscription[];
  /** How Graph's requests to notification URLs are sent (fetch unless a test sets it). */
  deliver: Deliver;
  /** Graph insists on https notification URLs; tests' app runs on http://localhost. */
  requireHttps: boolean;
}
