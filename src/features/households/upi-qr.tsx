import encodeQR from 'qr'
import { useMemo } from 'react'

/**
 * The payment link as a QR code, drawn in the browser (offline) by the `qr` library: dark modules
 * on white in either theme, with the quiet zone scanners need. Loaded only where it is shown.
 */
export default function UpiQr({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => {
    const cells = encodeQR(link, 'raw', { ecc: 'medium', border: 4 })
    const parts: string[] = []
    cells.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)))
    return { size: cells.length, path: parts.join('') }
  }, [link])
  return (
    <figure className="hh-upi__qr">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
        data-testid="upi-qr"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <figcaption>Scan with any UPI app on your phone</figcaption>
    </figure>
  )
}
