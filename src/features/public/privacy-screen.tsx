import { Link } from 'react-router-dom'
import { SUPPORT_EMAIL } from '../../lib/support-contact'
import { DocumentPage } from './public-layout'

/** A short privacy policy that says what the app actually does with data. */
export default function PrivacyScreen() {
  return (
    <DocumentPage title="Privacy Policy" updated="What we keep, where, and why.">
      <h2>On your device</h2>
      <ul>
        <li>
          Your expenses, income, budgets, recurring payments, support tickets and profile are kept in a database in your
          browser (IndexedDB), so the app works with no connection.
        </li>
        <li>
          Your sign-in token and basic account details are kept in the browser's local storage; your theme and display
          choices too. Onboarding answers stay in the tab's session storage until onboarding ends.
        </li>
        <li>Logging out or deleting your account removes the local database from that browser.</li>
      </ul>
      <h2>On our server</h2>
      <ul>
        <li>
          Your account: e-mail, a password hash (argon2id; we never store the password itself), and the name, WhatsApp
          number and profile details you choose to give.
        </li>
        <li>A copy of the records above, so they sync between your devices and survive a lost phone.</li>
        <li>
          WhatsApp messages you send to the app, with the sender number and our reply, so a repeated delivery is not
          counted twice and 'undo' knows your last entry.
        </li>
        <li>Support tickets and 'Get Help' requests from the login page, so we can answer them.</li>
        <li>Technical logs of requests (no message contents), kept for troubleshooting.</li>
      </ul>
      <h2>What goes to Twilio</h2>
      <p>
        Only if you link WhatsApp: messages you send to our WhatsApp number, and our replies and monthly summary, pass
        through Twilio, which delivers WhatsApp messages for us. Twilio sees your phone number and the message text.
        Nothing else about you is sent to Twilio or to anyone else.
      </p>
      <h2>What we don't do</h2>
      <p>No ads, no selling or sharing of your data, no third-party analytics or trackers, no bank logins.</p>
      <h2>Leaving with your data</h2>
      <p>
        Settings → Data Management exports everything as a JSON backup or CSV. Delete Account there removes your account
        and all its records from our server and wipes the app on that device; you can sign up again with the same e-mail
        as a new, empty account.
      </p>
      <p>
        Questions: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or the{' '}
        <Link to="/contact">contact page</Link>.
      </p>
    </DocumentPage>
  )
}
