// Preloaded with `node --import` by the abuse suite (cancelAfterCheckIn): the process's clock runs
// ABUSE_CLOCK_SHIFT_MS ahead, so a built server can live "tomorrow afternoon" against the same data.
const shift = Number(process.env.ABUSE_CLOCK_SHIFT_MS ?? 0)
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift)
      else super(...args)
    }
    static now() {
      return RealDate.now() + shift
    }
  }
  globalThis.Date = ShiftedDate
}
