import { Link } from 'react-router-dom'
import { DocumentPage } from './public-layout'

export default function TermsScreen() {
  return (
    <DocumentPage title="Terms of Use" updated="Plain terms for a free money tracker.">
      <h2>The service</h2>
      <p>
        Hisaab is a free tool for recording your own expenses, income and budgets. It is not a bank, does not move money
        and does not give financial, tax or investment advice. Insights and plans are arithmetic on what you entered.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
        <li>Enter only data you have the right to store. Household and shared entries are visible to their members.</li>
        <li>Don't try to reach other people's data, overload the service or abuse the WhatsApp number.</li>
      </ul>
      <h2>Your data</h2>
      <p>
        What you enter stays yours. We keep it to run the service as the <Link to="/privacy">Privacy Policy</Link>{' '}
        describes, and you can export it or delete your account at any time from Settings.
      </p>
      <h2>No guarantee</h2>
      <p>
        We work to keep the service available and your data safe, but it is provided as is. Keep a backup of anything
        you cannot afford to lose; Export Data makes one in a second.
      </p>
      <h2>Changes</h2>
      <p>If these terms change in a way that matters, the app will tell you before the change applies.</p>
    </DocumentPage>
  )
}
