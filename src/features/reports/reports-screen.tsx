import { ChevronLeft, ChevronRight, Download, Printer } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { TransactionDoc } from '../../data/transactions'
import {
  csvFileName,
  formatRate,
  monthReport,
  monthWindow,
  shiftMonth,
  transactionsCsv,
  trendBuckets,
  trendMonths,
  yearMonthOf,
  monthLabel,
  type YearMonth,
} from '../../../schema/calc/report'
import { formatPermille } from '../../../schema/calc/shares'
import { categoryEmoji } from '../../../schema/categories'
import type { Paise } from '../../../schema/money/money'
import { useNow } from '../../lib/use-now'
import { InsightsCard } from '../../components/insights/insights-card'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { useToast } from '../../components/ui/toast'
import { throwIfUnread, useHomeCurrency, useInHome, useTransactionsBetween } from '../../data/hooks'
import { useInsights } from '../../data/planning-hooks'
import { downloadText } from '../../lib/download'
import { CategoryDonut, colourAt, TrendChart } from './charts'
import './reports.css'

const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month

function MonthPicker({ label, onStep }: { label: string; onStep: (by: number) => void }) {
  return (
    <div className="month-picker" role="group" aria-label="Month">
      <button
        type="button"
        className="icon-btn month-picker__step"
        aria-label="Previous month"
        title="Previous month"
        onClick={() => onStep(-1)}
      >
        <ChevronLeft size={20} aria-hidden="true" />
      </button>
      <span className="month-picker__label" data-testid="report-month" aria-live="polite">
        {label}
      </span>
      <button
        type="button"
        className="icon-btn month-picker__step"
        aria-label="Next month"
        title="Next month"
        onClick={() => onStep(1)}
      >
        <ChevronRight size={20} aria-hidden="true" />
      </button>
    </div>
  )
}

function Stat({ label, kind, testId, value }: { label: string; kind: string; testId: string; value: Paise }) {
  return (
    <Card variant="elevated" className={`report-stat report-stat--${kind}`} data-testid={testId}>
      <span className="report-stat__label">{label}</span>
      <Amount value={value} compact className="report-stat__value" />
    </Card>
  )
}

function ReportStats({ report }: { report: ReturnType<typeof monthReport> }) {
  return (
    <div className="report-stats">
      <Stat label="Income" kind="income" testId="report-income" value={report.income} />
      <Stat label="Expenses" kind="expense" testId="report-expenses" value={report.expenses} />
      <Stat label="Saved" kind={report.saved >= 0 ? 'saved' : 'deficit'} testId="report-saved" value={report.saved} />
      <Card variant="elevated" className="report-stat report-stat--rate" data-testid="report-rate">
        <span className="report-stat__label">Savings Rate</span>
        <span className="report-stat__value">{formatRate(report.savingsRatePermille)}</span>
      </Card>
    </div>
  )
}

function BreakdownCard(props: { report: ReturnType<typeof monthReport>; label: string; loading: boolean }) {
  const { report, label, loading } = props
  return (
    <Card variant="elevated" padding="none" role="region" aria-labelledby="breakdown-title" className="report-card">
      <h2 className="report-card__title" id="breakdown-title">
        Spending by Category
      </h2>
      {loading ? null : report.categories.length === 0 ? (
        <p className="report-card__empty" data-testid="report-empty">
          No expenses for this month
        </p>
      ) : (
        <div className="breakdown">
          <CategoryDonut categories={report.categories} total={report.expenses} />
          <ul className="breakdown__list" aria-label={`Spending by category, ${label}`}>
            {report.categories.map((c, i) => (
              <li key={c.category} className="breakdown__item" data-testid="report-category" data-colour={colourAt(i)}>
                <span className="breakdown__swatch" style={{ background: colourAt(i) }} aria-hidden="true" />
                <span className="breakdown__emoji" aria-hidden="true">
                  {categoryEmoji(c.category, 'expense')}
                </span>
                <span className="breakdown__name">{c.category}</span>
                <Amount value={c.amount} className="breakdown__amount" />
                <span className="breakdown__percent">{formatPermille(c.permille)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  )
}

function TrendCard({ ym, label }: { ym: YearMonth; label: string }) {
  const trendSpan = trendMonths(ym).window
  const trend = useTransactionsBetween(trendSpan.start, trendSpan.end)
  const inHome = useInHome(trend.data)
  const buckets = useMemo(() => trendBuckets(inHome.entries, ym), [inHome.entries, ym])
  throwIfUnread(trend)
  return (
    <Card variant="elevated" padding="none" role="region" aria-labelledby="trend-title" className="report-card">
      <h2 className="report-card__title" id="trend-title">
        12-Month Trend
      </h2>
      <p className="report-card__note">Income and expenses for the 12 months up to {label}.</p>
      <div className="report-card__body">
        <TrendChart buckets={buckets} selected={buckets.length - 1} />
      </div>
      <NotConvertedNote count={inHome.notConverted.length} where="the trend" className="report-card__note" />
    </Card>
  )
}

function ExportCard(props: { ym: YearMonth; label: string; entries: readonly TransactionDoc[]; loading: boolean }) {
  const { ym, label, entries, loading } = props
  const toast = useToast()
  const home = useHomeCurrency()
  const count = `${entries.length} ${entries.length === 1 ? 'transaction' : 'transactions'}`
  const exportCsv = () => {
    downloadText(csvFileName(ym), transactionsCsv(entries, home), 'text/csv;charset=utf-8')
    toast.show(`✅ Exported ${count} for ${label}`)
  }
  return (
    <Card variant="elevated" padding="lg" role="region" aria-labelledby="export-title" className="report-export">
      <h2 className="report-card__title report-card__title--flush" id="export-title">
        Export Report
      </h2>
      <p className="report-card__note report-card__note--flush">
        {label}: {count}. The CSV opens in any spreadsheet; the printable report can be saved as a PDF.
      </p>
      <div className="report-export__actions">
        <Button variant="primary" icon={<Download size={18} />} onClick={exportCsv} disabled={loading}>
          Download CSV
        </Button>
        <Button variant="outline" icon={<Printer size={18} />} onClick={() => window.print()}>
          Print report
        </Button>
      </div>
    </Card>
  )
}

/** Reports (spec part 1 §2): one month's figures, its spending by category, a 12-month trend, export and insights. */
export default function ReportsScreen() {
  const now = useNow()
  const [ym, setYm] = useState<YearMonth>(() => yearMonthOf(now))
  const monthSpan = monthWindow(ym)
  const month = useTransactionsBetween(monthSpan.start, monthSpan.end)
  const insights = useInsights(now)
  // Every figure is in the home currency; entries with no rate are counted apart, never 1:1.
  const inHome = useInHome(month.data)
  const report = useMemo(() => monthReport(inHome.entries), [inHome.entries])
  throwIfUnread(month, insights)
  const label = monthLabel(ym)

  return (
    <div className="reports">
      <header className="reports__header">
        <div>
          <h1>Reports</h1>
          <p className="reports__print-title">Hisaab report · {label}</p>
        </div>
        <MonthPicker label={label} onStep={(by) => setYm((m) => shiftMonth(m, by))} />
      </header>
      <ReportStats report={report} />
      <NotConvertedNote count={inHome.notConverted.length} where="this month's report" className="reports__missing" />
      <BreakdownCard report={report} label={label} loading={month.loading} />
      <TrendCard ym={ym} label={label} />
      <div className="reports__insights">
        {sameMonth(ym, yearMonthOf(now)) ? null : (
          <p className="reports__insights-note">Insights are about this month ({monthLabel(yearMonthOf(now))}).</p>
        )}
        <InsightsCard insights={insights.data} loading={insights.loading} />
      </div>
      <ExportCard ym={ym} label={label} entries={month.data} loading={month.loading} />
    </div>
  )
}
