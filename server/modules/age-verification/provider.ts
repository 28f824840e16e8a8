// The age-assurance provider port (issue 15): who decides that a member is an adult. The built-in one
// is the moderators' manual review; an operator plugs in a third-party service by passing another
// implementation to createServices (server/app-services.ts, option `ageAssurance`).
export type AssuranceOutcome =
  /** Keep the photo (encrypted) for a moderator to decide. */
  | { decision: 'review' }
  | { decision: 'approved' }
  /** `reason` is shown to the member. */
  | { decision: 'rejected'; reason: string };

export interface AssuranceInput {
  userId: number;
  /** The checked photo, re-encoded as JPEG without its metadata. */
  image: Buffer;
  contentType: 'image/jpeg';
}

export interface AgeAssuranceProvider {
  /** Recorded with each request (age_verifications.provider). */
  readonly id: string;
  assess(input: AssuranceInput): Promise<AssuranceOutcome>;
}

/** The built-in provider: every photo goes to the moderators (/admin/age-verification/). */
export const manualReviewProvider: AgeAssuranceProvider = {
  id: 'manual',
  assess: async () => ({ decision: 'review' }),
};
