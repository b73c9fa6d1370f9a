/**
 * A venue's timetables move to the /v2/ paths from its activities_v2_migration_date (doc 2, section 7): a day on
 * or after that date uses v2, an earlier day (or a venue with no date) uses v1.
 */
export const usesTimetableV2 = (migrationDate: string | null, day: string): boolean => migrationDate !== null && day >= migrationDate;
