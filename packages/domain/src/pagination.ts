/** List meta exactly as document 2 describes it, for a page of a list of `total` records. */
export function listMeta(total: number, page: number, perPage: number) {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage;
  const onPage = Math.max(0, Math.min(perPage, total - first));
  return {
    previous_page: page > 1 ? Math.min(page - 1, totalPages) : null,
    current_page: page,
    next_page: page < totalPages ? page + 1 : null,
    records_per_page: perPage,
    records_on_current_page: onPage,
    first_record_on_page: onPage > 0 ? first + 1 : null,
    last_record_on_page: onPage > 0 ? first + onPage : null,
    total_records: total,
    total_pages: totalPages,
  };
}
