/** What the summary says about `isolation` (made by cli/isolation.ts, drawn by report/isolation-fact.ts). */
export interface IsolationFact {
  /** The user Hermes ran as, when isolated. */
  user?: string;
  uid?: number;
  via?: 'root' | 'sudo';
  /** Why Hermes was not isolated. */
  why?: string;
  /** How many processes of the agent user were ended after Hermes exited. */
  ended?: number;
  /** The file holding the checkout's persisted git credential, where the agent could read it. */
  credential?: string;
}
