import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** private: the query holds the user's own data (basket, orders) and is dropped on log out. */
    queryMeta: { private?: boolean };
    /** toastErrors: false when the screen shows the mutation's error itself. */
    mutationMeta: { toastErrors?: boolean };
  }
}
