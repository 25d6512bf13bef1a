/** What the wizard's Choose plan step shows (its module's load), zod-free for the browser. */

export type PlanCard = {
  plan_id: number;
  plan_name: string;
  /** per month, whole paise (the total is computed from it exactly: planTotal) */
  chargePaise: number;
  /** months */
  validity: number;
  /** percent, as the API gives it ("12.50") */
  serviceFee: string;
  profileBoost: number;
  /** days */
  maxApproval: number;
};

export type PlanView = {
  plans: PlanCard[];
  /** the plan chosen as saved ("" when none) and the add-on */
  values: { plan_id: string; profileReview: boolean };
};

export type PlanDraft = PlanView["values"];
