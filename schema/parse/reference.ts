import { mainRef, maskNoise } from './noise'

/**
 * The payment's reference (the 12-digit UPI RRN/UTR when there is one) in what a UPI app or bank
 * says after a payment, pasted or shared: "Paid ₹450 to Rahul. UPI Ref No. 433012345678".
 * Uppercase, as apps print letter-led ids ("T2611…"). Undefined when the text names none.
 */
export function paymentReference(text: string): string | undefined {
  return mainRef(maskNoise(text.toLowerCase()).noise.refs)?.toUpperCase()
}
