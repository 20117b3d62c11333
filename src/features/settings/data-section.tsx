import { Download, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { previewList } from '../../../schema/backup'
import { EXPENSE_CATEGORIES, mergeCategories } from '../../../schema/categories'
import { ProfilePending } from '../../components/profile/profile-pending'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { clearAllData, createBackup } from '../../data/export'
import { useBudgetCount, useSyncState, useTransactionCounts } from '../../data/hooks'
import { downloadText } from '../../lib/download'
import { DataTransfer } from './data-transfer'
import { DeleteAccount } from './delete-account'
import { SETTINGS_TEXT } from './messages'
import { StatusLine, type Status } from './section'
import { StorageStatus } from './storage-status'

const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** The counts of this device's records; `null` while a first download is still bringing them. */
function DataCounts({ counts }: { counts: { expenses: number; income: number; budgets: number } | null }) {
  const figure = (n: number | undefined) => (n === undefined ? '…' : n)
  return (
    <dl className="data-counts" aria-busy={counts === null}>
      <div>
        <dt>Expenses</dt>
        <dd data-testid="count-expenses">{figure(counts?.expenses)}</dd>
      </div>
      <div>
        <dt>Income</dt>
        <dd data-testid="count-income">{figure(counts?.income)}</dd>
      </div>
      <div>
        <dt>Budgets</dt>
        <dd data-testid="count-budgets">{figure(counts?.budgets)}</dd>
      </div>
    </dl>
  )
}

/** The default and custom expense categories, the first few as chips and "+N more" (null: on its way). */
function CategoryChips({ customCategories }: { customCategories: readonly string[] | null }) {
  const categories = customCategories ? previewList(mergeCategories(EXPENSE_CATEGORIES, customCategories)) : null
  return (
    <div>
      <h3 className="settings-subtitle">Categories</h3>
      {categories ? (
        <ul className="category-chips" aria-label="Categories">
          {categories.shown.map((name) => (
            <li key={name} className="category-chip">
              {name}
            </li>
          ))}
          {categories.more > 0 ? <li className="category-chip category-chip--more">+{categories.more} more</li> : null}
        </ul>
      ) : (
        <ProfilePending label="your categories" />
      )}
    </div>
  )
}

/** Export Data and Clear All Data, each reporting on one status line. */
function useDataActions() {
  const [message, setMessage] = useState<Status>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const exportData = async () => {
    try {
      const { fileName, backup } = await createBackup()
      downloadText(fileName, JSON.stringify(backup, null, 2), 'application/json')
      setMessage({ text: `✅ Backup downloaded: ${fileName}`, tone: 'ok' })
    } catch (error) {
      console.error(error)
      setMessage({ text: '❌ Could not create the backup', tone: 'error' })
    }
  }

  const clear = async () => {
    setBusy(true)
    try {
      const removed = await clearAllData()
      setMessage({
        text: `✅ Cleared ${countOf(removed, 'entry', 'entries')}. The deletion syncs to your other devices.`,
        tone: 'ok',
      })
    } catch (error) {
      console.error(error)
      setMessage({ text: '❌ Could not clear all data', tone: 'error' })
    } finally {
      setBusy(false)
      setConfirming(false)
    }
  }
  return { message, confirming, setConfirming, busy, exportData, clear }
}

/**
 * Counts, categories, a JSON backup and Clear All Data; everything here works offline. The custom
 * categories are null while the profile has not reached this device.
 */
export function DataSection({ customCategories }: { customCategories: readonly string[] | null }) {
  const counts = useTransactionCounts()
  const budgets = useBudgetCount()
  const { message, confirming, setConfirming, busy, exportData, clear } = useDataActions()
  const { expense, income } = counts.data
  const total = expense + income + budgets.data
  // Until a new device (or one whose storage was cleared) has downloaded everything, counts, a
  // backup and Clear All Data would cover part of the data only.
  const downloading = useSyncState().firstDownload !== null

  return (
    <div className="settings-stack">
      <DataCounts counts={downloading ? null : { expenses: expense, income, budgets: budgets.data }} />
      <CategoryChips customCategories={customCategories} />
      <StorageStatus />
      <div className="settings-actions">
        <Button
          variant="secondary"
          icon={<Download size={18} />}
          onClick={() => void exportData()}
          disabled={downloading}
        >
          Export Data
        </Button>
        <Button
          variant="danger"
          icon={<Trash2 size={18} />}
          onClick={() => setConfirming(true)}
          disabled={downloading || total === 0}
        >
          Clear All Data
        </Button>
      </div>
      <p className="settings-note" data-testid={downloading ? 'data-downloading' : undefined}>
        {downloading
          ? 'Your data is still downloading to this device: the counts, Export Data and Clear All Data wait for it.'
          : 'The backup is a JSON file with your expenses, income and budgets. Both actions work offline.'}
      </p>
      <StatusLine message={message} />
      <DataTransfer />
      <DeleteAccount />
      <ConfirmDialog
        open={confirming}
        title={SETTINGS_TEXT.clearConfirm}
        description={
          `${countOf(expense, 'expense')}, ${countOf(income, 'income entry', 'income entries')} and ` +
          `${countOf(budgets.data, 'budget')} are deleted on every device you use. ` +
          'Export a backup first if you may need them.'
        }
        confirmLabel="Clear All Data"
        busy={busy}
        onConfirm={() => void clear()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  )
}
