import { Link } from 'react-router-dom'
import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '../../lib/support-contact'
import { DocumentPage } from './public-layout'

export default function ContactScreen() {
  return (
    <DocumentPage title="Contact us" updated={`We reply within ${SUPPORT_REPLY_HOURS} hours.`}>
      <h2>Signed in?</h2>
      <p>
        Open <Link to="/support">Help &amp; Support</Link> and raise a ticket: you can follow the conversation there,
        and it works offline (it is sent when you are back online).
      </p>
      <h2>Can't sign in?</h2>
      <p>
        On the <Link to="/login">login page</Link>, choose Get Help and leave your WhatsApp number or e-mail with a few
        words about the problem. We will get back to you.
      </p>
      <h2>E-mail</h2>
      <p>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </DocumentPage>
  )
}
