/** The two kinds of programme and where each lives (doc 2, section 2). */
export type ProgrammeKind = 'courses' | 'camps';

/** '/courses/location' or '/camps/location' */
export const locationPrefix = (kind: ProgrammeKind) => `/${kind}/location`;
