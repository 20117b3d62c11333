import { ChevronLeft, ChevronRight, Download, Printer } from 'lucide-react'
import { useMemo, useState } from 'react'
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
import { currencyOf, formatMoney } from '../../../schema/money/money'
import { useUser } from '../../lib/auth-context'
import { InsightsCard } from '../../components/insights/insights-card'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { useToast } from '../../components/ui/toast'
import { useProfile, useTransactionsBetween } from '../../data/hooks'
import { useInsights } from '../../data/planning-hooks'
import { downloadText } from '../../lib/download'
import { CategoryDonut, colourAt, TrendChart } from './charts'
import './reports.css'
import { displayCurrency } from '../../lib/display-currency'

const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month

/** Reports (spec part 1 §2): one month's figures, its spending by category, a 12-month trend, export and insights. */
export default function ReportsScreen() {
  const user = useUser()
  const toast = useToast()
  const [now] = useState(() => Date.now())
  const [ym, setYm] = useState<YearMonth>(() => yearMonthOf(now))
  const profile = useProfile()
  const currency = displayCurrency(profile.data, user)

  const monthSpan = monthWindow(ym)
  const month = useTransactionsBetween(monthSpan.start, monthSpan.end)
  const trendSpan = trendMonths(ym).window
  const trend = useTransactionsBetween(trendSpan.start, trendSpan.end)
  const insights = useInsights(now)

  const report = useMemo(() => monthReport(month.data), [month.data])
  const buckets = useMemo(() => trendBuckets(trend.data, ym), [trend.data, ym])
  const label = monthLabel(ym)
  const isCurrent = sameMonth(ym, yearMonthOf(now))

  const exportCsv = () => {
    downloadText(csvFileName(ym), transactionsCsv(month.data), 'text/csv;charset=utf-8')
    toast.show(
      `✅ Exported ${month.data.length} ${month.data.length === 1 ? 'transaction' : 'transactions'} for ${label}`,
    )
  }

  return (
    <div className="reports">
      <header className="reports__header">
        <div>
          <h1>Reports</h1>
          <p className="reports__print-title">Hisaab report · {label}</p>
        </div>
        <div className="month-picker" role="group" aria-label="Month">
          <button
            type="button"
            className="icon-btn month-picker__step"
            aria-label="Previous month"
            title="Previous month"
            onClick={() => setYm((m) => shiftMonth(m, -1))}
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
            onClick={() => setYm((m) => shiftMonth(m, 1))}
          >
            <ChevronRight size={20} aria-hidden="true" />
          </button>
        </div>
      </header>

      <div className="report-stats">
        <Card variant="elevated" className="report-stat report-stat--income" data-testid="report-income">
          <span className="report-stat__label">Income</span>
          <span className="report-stat__value">{formatMoney(report.income, currency)}</span>
        </Card>
        <Card variant="elevated" className="report-stat report-stat--expense" data-testid="report-expenses">
          <span className="report-stat__label">Expenses</span>
          <span className="report-stat__value">{formatMoney(report.expenses, currency)}</span>
        </Card>
        <Card
          variant="elevated"
          className={`report-stat report-stat--${report.saved >= 0 ? 'saved' : 'deficit'}`}
          data-testid="report-saved"
        >
          <span className="report-stat__label">Saved</span>
          <span className="report-stat__value">{formatMoney(report.saved, currency)}</span>
        </Card>
        <Card variant="elevated" className="report-stat report-stat--rate" data-testid="report-rate">
          <span className="report-stat__label">Savings Rate</span>
          <span className="report-stat__value">{formatRate(report.savingsRatePermille)}</span>
        </Card>
      </div>

      <Card variant="elevated" padding="none" role="region" aria-labelledby="breakdown-title" className="report-card">
        <h2 className="report-card__title" id="breakdown-title">
          Spending by Category
        </h2>
        {month.loading ? null : report.categories.length === 0 ? (
          <p className="report-card__empty" data-testid="report-empty">
            No expenses for this month
          </p>
        ) : (
          <div className="breakdown">
            <CategoryDonut categories={report.categories} total={report.expenses} currency={currency} />
            <ul className="breakdown__list" aria-label={`Spending by category, ${label}`}>
              {report.categories.map((c, i) => (
                <li
                  key={c.category}
                  className="breakdown__item"
                  data-testid="report-category"
                  data-colour={colourAt(i)}
                >
                  <span className="breakdown__swatch" style={{ background: colourAt(i) }} aria-hidden="true" />
                  <span className="breakdown__emoji" aria-hidden="true">
                    {categoryEmoji(c.category, 'expense')}
                  </span>
                  <span className="breakdown__name">{c.category}</span>
                  <span className="breakdown__amount">{formatMoney(c.amount, currency)}</span>
                  <span className="breakdown__percent">{formatPermille(c.permille)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>

      <Card variant="elevated" padding="none" role="region" aria-labelledby="trend-title" className="report-card">
        <h2 className="report-card__title" id="trend-title">
          12-Month Trend
        </h2>
        <p className="report-card__note">Income and expenses for the 12 months up to {label}.</p>
        <div className="report-card__body">
          <TrendChart
            buckets={buckets}
            selected={buckets.length - 1}
            currency={currency}
            symbol={currencyOf(currency).symbol}
          />
        </div>
      </Card>

      <div className="reports__insights">
        {isCurrent ? null : (
          <p className="reports__insights-note">Insights are about this month ({monthLabel(yearMonthOf(now))}).</p>
        )}
        <InsightsCard insights={insights.data} loading={insights.loading} currency={currency} />
      </div>

      <Card variant="elevated" padding="lg" role="region" aria-labelledby="export-title" className="report-export">
        <h2 className="report-card__title report-card__title--flush" id="export-title">
          Export Report
        </h2>
        <p className="report-card__note report-card__note--flush">
          {label}: {month.data.length} {month.data.length === 1 ? 'transaction' : 'transactions'}. The CSV opens in any
          spreadsheet; the printable report can be saved as a PDF.
        </p>
        <div className="report-export__actions">
          <Button variant="primary" icon={<Download size={18} />} onClick={exportCsv} disabled={month.loading}>
            Download CSV
          </Button>
          <Button variant="outline" icon={<Printer size={18} />} onClick={() => window.print()}>
            Print report
          </Button>
        </div>
      </Card>
    </div>
  )
}
