/** Doc 2, section 9: a course costs its pro-rata price when it has one (it has started), else its price. */
export function coursePrice<M>(p: { price: M | null; proRataPrice: M | null }): M | null {
  return p.proRataPrice ?? p.price;
}
