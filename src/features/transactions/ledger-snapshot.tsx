import { useMemo, useState } from 'react'
import { TransactionRow } from '../../components/transaction/transaction-row'
import { Card } from '../../components/ui/card'
import { LoadingScreen } from '../../components/ui/spinner'
import { readLedgerSnapshot, type LedgerSnapshot } from '../../data/ledger-snapshot'
import { MoneyContext, moneyFormat } from '../../lib/money-format'
import { useSavedScreen } from '../../data/use-saved-screen'
import { LedgerHeader, LedgerItem, LedgerTip, LedgerTools, LedgerTotals, NO_FILTERS, ROW_HEIGHT } from './ledger-parts'

const ignore = () => undefined

/**
 * The signed-in user's saved list head when the page is /transactions and the app opened on it
 * (never the demo's), else null; read once per mount: the live screen takes over from here.
 */
export const useLedgerSnapshot = (): LedgerSnapshot | null => useSavedScreen('/transactions', readLedgerSnapshot)

/**
 * The unfiltered list as the user last saw it, drawn with the currency it was saved with: the same
 * markup as the live screen (its rows placed as the virtualised list places them), so nothing moves
 * when that takes over. Busy, its search, filters and rows inert: nothing acts on it until the
 * database is open.
 */
export function SnapshotLedger({ snapshot }: { snapshot: LedgerSnapshot }) {
  const [now] = useState(() => Date.now())
  const money = useMemo(() => moneyFormat(snapshot.currency), [snapshot.currency])
  const { totals, rows } = snapshot
  return (
    <MoneyContext.Provider value={money}>
      <div className="tx-page ledger" data-snapshot aria-busy="true">
        <LedgerHeader />
        <div inert>
          <LedgerTools search="" onSearch={ignore} filters={NO_FILTERS} onFilters={ignore} />
        </div>
        <LedgerTotals totals={totals} busy />
        <Card padding="none" variant="elevated" className="ledger__card" inert>
          {totals.count === 0 ? (
            <p className="ledger__empty">No transactions found</p>
          ) : (
            <>
              <LedgerTip />
              <div
                role="list"
                aria-label="Transactions"
                className="ledger__list"
                style={{ height: totals.count * ROW_HEIGHT }}
              >
                {rows.map((tx, index) => (
                  <LedgerItem
                    key={tx.id}
                    index={index}
                    count={totals.count}
                    style={{ height: ROW_HEIGHT, transform: `translateY(${index * ROW_HEIGHT}px)` }}
                  >
                    <TransactionRow tx={tx} now={now} onEdit={ignore} onDelete={ignore} />
                  </LedgerItem>
                ))}
              </div>
            </>
          )}
        </Card>
      </div>
    </MoneyContext.Provider>
  )
}

/**
 * What the page area shows on /transactions while the data layer loads and the database opens: the
 * saved list head when there is one, else the loading screen.
 */
export default function LedgerPlaceholder({ label }: { label?: string }) {
  const snapshot = useLedgerSnapshot()
  return snapshot ? <SnapshotLedger snapshot={snapshot} /> : <LoadingScreen label={label} />
}
