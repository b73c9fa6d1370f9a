import { deskMode } from '../../lib/desk-mode';

/** The two kinds of programme and where each lives (doc 2, section 2). */
export type ProgrammeKind = 'courses' | 'camps';

/**
 * '/courses/location' or '/camps/location'; at the desk, the same pages under the console's booking path
 * ('/staff/customers/11/book/12/courses/location'), so every link between them stays at the desk (decision 260).
 */
export const locationPrefix = (kind: ProgrammeKind) => `${deskMode.current()?.programmesPath ?? ''}/${kind}/location`;
