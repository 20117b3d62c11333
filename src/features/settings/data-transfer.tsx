import { FileSpreadsheet, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { ledgerCsvFileName, parseBackup } from '../../../schema/backup-import'
import { transactionsCsv } from '../../../schema/calc/report'
import { Button } from '../../components/ui/button'
import { allTransactions, importRecords } from '../../data/account-lifecycle'
import { useHomeCurrency } from '../../data/hooks'
import { downloadText } from '../../lib/download'
import { StatusLine, type Status } from './section'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Export as CSV and Import Backup (JSON): both work offline on the local database. */
export function DataTransfer() {
  const input = useRef<HTMLInputElement>(null)
  const [message, setMessage] = useState<Status>(null)
  const [busy, setBusy] = useState(false)
  const home = useHomeCurrency()

  const exportCsv = async () => {
    try {
      const now = Date.now()
      const csv = transactionsCsv(await allTransactions(), home)
      downloadText(ledgerCsvFileName(now), csv, 'text/csv;charset=utf-8')
      setMessage({ text: `✅ CSV downloaded: ${ledgerCsvFileName(now)}`, tone: 'ok' })
    } catch (error) {
      console.error(error)
      setMessage({ text: '❌ Could not create the CSV', tone: 'error' })
    }
  }

  const importFile = async (file: File) => {
    setBusy(true)
    try {
      const parsed = parseBackup(await file.text())
      if (!parsed.ok) return setMessage({ text: `❌ ${parsed.error}`, tone: 'error' })
      const { added, updated } = await importRecords(parsed.transactions, parsed.budgets)
      setMessage({
        text:
          `✅ Imported ${plural(added, 'new record', 'new records')}; ` +
          `${plural(updated, 'was', 'were')} already here.`,
        tone: 'ok',
      })
    } catch (error) {
      console.error(error)
      setMessage({ text: '❌ Could not import the backup', tone: 'error' })
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="settings-stack data-transfer">
      <div className="settings-actions">
        <Button variant="secondary" icon={<FileSpreadsheet size={18} />} onClick={() => void exportCsv()}>
          Export as CSV
        </Button>
        <Button variant="secondary" icon={<Upload size={18} />} disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Importing...' : 'Import Backup'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          aria-label="Backup file to import"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void importFile(file)
          }}
        />
      </div>
      <p className="settings-note">
        CSV has every transaction for a spreadsheet. Import reads a JSON backup made by Export Data; records already
        here are not added twice.
      </p>
      <StatusLine message={message} />
    </div>
  )
}
