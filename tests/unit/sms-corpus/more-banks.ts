/**
 * A second batch, written after the parser and run against it once before any change (its
 * first-pass figures are in the report): more variants of each bank's alerts.
 */
import { casesOf, type CorpusCase } from './types'

const hdfc = casesOf('HDFC Bank')
const icici = casesOf('ICICI Bank')
const sbi = casesOf('SBI')
const axis = casesOf('Axis Bank')
const kotak = casesOf('Kotak')
const pnb = casesOf('PNB')
const bob = casesOf('Bank of Baroda')
const canara = casesOf('Canara Bank')
const idfc = casesOf('IDFC First')
const yes = casesOf('Yes Bank')
const indusind = casesOf('IndusInd')
const paytmBank = casesOf('Paytm Payments Bank')
const airtel = casesOf('Airtel Payments Bank')

export const MORE_BANKS: CorpusCase[] = [
  hdfc.out(
    'upi debit',
    'Sent Rs.89.00\nFrom HDFC Bank A/C *4821\nTo Rapido\nOn 26/11/26\nRef 433510293847\nNot You?\nCall ' +
      '18002586161/SMS BLOCK UPI to 7308080808',
    8900,
    '2026-11-26',
    'Rapido',
    'Transportation',
  ),
  hdfc.out(
    'upi debit',
    'Sent Rs.1,020.00\nFrom HDFC Bank A/C *4821\nTo BIGBASKET\nOn 12/11/26\nRef 431687654321\nNot ' +
      'You?\nCall 18002586161/SMS BLOCK UPI to 7308080808',
    102000,
    '2026-11-12',
    'BigBasket',
    'Groceries',
  ),
  hdfc.in(
    'upi credit',
    'Credit Alert!\nRs.450.00 credited to HDFC Bank A/c XX4821 on 23-11-26 from VPA nikhil.s@okicici ' +
      '(UPI 432788990011)',
    45000,
    '2026-11-23',
    'nikhil.s@okicici',
    'Others',
    ['category'],
  ),
  hdfc.out(
    'bill payment',
    'Rs.3,250.00 debited from A/c **4821 on 08-11-26 towards BillPay for MSEDCL. Ref 431209876543. Not ' +
      'you? Call 18002586161',
    325000,
    '2026-11-08',
    'MSEDCL',
    'Bills & Utilities',
  ),
  hdfc.none(
    'failed',
    'Txn of Rs.1,499.00 on HDFC Bank Card 7710 at SPOTIFY was declined on 25-11-26 due to card limit exceeded.',
    'failed',
  ),
  icici.out(
    'upi debit',
    'ICICI Bank Acct XX318 debited for Rs 84.00 on 26-Nov-26; CHAI POINT credited. UPI:433612340987. ' +
      'Call 18002662 for dispute.',
    8400,
    '2026-11-26',
    'Chai Point',
    'Food & Dining',
  ),
  icici.out(
    'transfer out',
    'ICICI Bank Acct XX318 debited for Rs 6,000.00 on 02-Nov-26; MRS LAKSHMI credited. UPI:430611112233. ' +
      'Call 18002662 for dispute.',
    600000,
    '2026-11-02',
    'Lakshmi',
    'Others',
    ['category'],
  ),
  icici.in(
    'transfer in',
    'Dear Customer, your ICICI Bank Account XX318 has been credited with INR 71,000.00 on 31-Oct-26. ' +
      'Info:NEFT-HDFCN52026103155501-ORBIT TECH SOLUTIONS-SALARY. Available Balance is INR 82,345.00.',
    7100000,
    '2026-10-31',
    'Orbit Tech Solutions',
    'Salary',
  ),
  icici.none(
    'mandate',
    'Dear Customer, your ICICI Bank Account XX318 will be debited with INR 2,500.00 on 05-Dec-26 towards ' +
      'SIP of AXIS MUTUAL FUND. Ensure sufficient balance.',
    'mandate',
  ),
  sbi.out(
    'upi debit',
    'Dear UPI user A/C X6614 debited by 60.0 on date 26Nov26 trf to NAMMA METRO Refno 433611998877. If ' +
      'not u? call 1800111109. -SBI',
    6000,
    '2026-11-26',
    'Namma Metro',
    'Transportation',
  ),
  sbi.out(
    'card spend',
    'Your SBI Debit Card ending 6614 was used for Rs.1,345.00 at RELIANCE FRESH on 22-11-26. If not done ' +
      'by you, call 1800111109. -SBI',
    134500,
    '2026-11-22',
    'Reliance Fresh',
    'Groceries',
  ),
  sbi.none(
    'failed',
    'Dear Customer, your UPI transaction of Rs.2000 on 24Nov26 failed. If debited, the amount will be ' +
      'reversed within 2 working days. -SBI',
    'failed',
  ),
  axis.out(
    'transfer out',
    'INR 10,000.00 debited\nA/c no. XX9021\n03-11-26, 08:02:11\nIMPS/P2A/430712345678/AMIT JOSHI\nNot ' +
      'you? SMS BLOCKUPI Cust ID to 919951860002\nAxis Bank',
    1000000,
    '2026-11-03',
    'Amit Joshi',
    'Others',
    ['category'],
  ),
  axis.out(
    'cash withdrawal',
    'INR 2,000.00 withdrawn\nA/c no. XX9021\n21-11-26, 19:45:03\nATM: AXIS KORAMANGALA\nAvl Bal: INR ' +
      '14,230.00\nAxis Bank',
    200000,
    '2026-11-21',
    null,
    'Cash Withdrawal',
  ),
  axis.none(
    'balance',
    'Your Axis Bank A/c no. XX9021 has a balance of INR 14,230.00 as of 22-11-26, 09:00 IST. - Axis Bank',
    'balance',
  ),
  kotak.out(
    'upi debit',
    'Sent Rs.1,349.00 from Kotak Bank AC X2290 to myntra@ybl on 18-11-26.UPI Ref 432211223344. Not you, ' +
      'https://kotak.com/KBANKT/Fraud',
    134900,
    '2026-11-18',
    'Myntra',
    'Shopping',
  ),
  kotak.in(
    'refund',
    'Received Rs.1,349.00 in your Kotak Bank AC X2290 from myntra@ybl on 21-11-26 as refund.UPI Ref:432533445566.',
    134900,
    '2026-11-21',
    'Myntra',
    'Refund',
  ),
  kotak.none(
    'otp',
    'OTP for your Kotak Bank transaction of Rs.25,000 is 602114. Valid for 10 mins. Never share your OTP - Kotak Bank',
    'otp',
  ),
  pnb.out(
    'upi debit',
    'A/c XX7781 debited INR 1,150.00 Dt 22-11-26 09:30:12 thru UPI:432611223344 to JIOMART.Bal INR ' +
      '9,270.00 Not u?Fwd this SMS to 9264092640 to block UPI.-PNB',
    115000,
    '2026-11-22',
    'JioMart',
    'Groceries',
  ),
  pnb.none(
    'promotion',
    'Avail PNB Housing Loan at lowest EMI with zero processing fee! Limited period offer. Apply now: www.pnbindia.in',
    'promotion',
  ),
  bob.out(
    'upi debit',
    'Rs.170.00 transferred from A/c ...5512 to:UPI/433511229988/rapido@axl. Total Bal:Rs.11880.00CR. ' +
      'Avlbl Amt:Rs.11880.00(26-11-2026 08:10:41) - Bank of Baroda',
    17000,
    '2026-11-26',
    'Rapido',
    'Transportation',
  ),
  bob.none(
    'otp',
    'Dear Customer, OTP for your bob World transaction of Rs.4,500.00 is 218843. Do not disclose it to ' +
      'anyone. - Bank of Baroda',
    'otp',
  ),
  canara.out(
    'cash withdrawal',
    'An amount of INR 5,000.00 has been DEBITED to your account XXX3307 on 19/11/2026 towards ATM ' +
      'WDL/CNRB0001234/THRISSUR. Total Avail.bal INR 6,260.00 - Canara Bank',
    500000,
    '2026-11-19',
    null,
    'Cash Withdrawal',
  ),
  canara.none(
    'failed',
    'Your UPI transaction for INR 330.00 to swiggy@icici on 25/11/2026 is unsuccessful. Any amount ' +
      'debited will be reversed. - Canara Bank',
    'failed',
  ),
  idfc.out(
    'bill payment',
    'Your A/C XXXXX1198 has been debited with INR 1,020.00 on 14/11/2026 09:15 towards BHARAT GAS ' +
      'refill. RRN 431900887766. Avl Bal INR 19,081.00 - IDFC FIRST Bank',
    102000,
    '2026-11-14',
    'Bharat Gas',
    'Bills & Utilities',
  ),
  idfc.none(
    'otp',
    '401122 is your OTP to add beneficiary on IDFC FIRST Bank mobile app. Do not share it with anyone.',
    'otp',
  ),
  yes.out(
    'bill payment',
    'INR 1,799.00 debited from A/c XX4410 on 10-NOV-2026 08:00. Info: UPI-431400112233-TATA PLAY. Avl ' +
      'Bal INR 12,279.00 - YES BANK',
    179900,
    '2026-11-10',
    'Tata Play',
    'Bills & Utilities',
  ),
  yes.none(
    'mandate',
    'Your YES BANK A/c XX4410 is scheduled to be debited with INR 5,000.00 on 05-DEC-2026 towards HDFC ' +
      'MUTUAL FUND SIP. Keep sufficient balance.',
    'mandate',
  ),
  indusind.out(
    'card spend',
    'INR 2,150.00 spent on IndusInd Bank Credit Card XX7731 at CULT FIT on 21-Nov-26. Available limit ' +
      'INR 77,850.00. Not you? Call 18602677777',
    215000,
    '2026-11-21',
    'Cult.fit',
    'Personal Care',
  ),
  indusind.none(
    'balance',
    'Dear Customer, Avl Bal in your IndusInd Bank A/C 2XXXXX3185 is INR 7,000.00 as on 26-Nov-26. -IndusInd Bank',
    'balance',
  ),
  paytmBank.out(
    'bill payment',
    'Rs.1,260 paid to BESCOM for electricity bill from Paytm Payments Bank a/c XX8830 on 17-11-2026. Txn ' +
      'ID 432088776655',
    126000,
    '2026-11-17',
    'BESCOM',
    'Bills & Utilities',
  ),
  paytmBank.none(
    'failed',
    'Payment of Rs.560 to Zomato from Paytm Payments Bank a/c XX8830 failed. Money, if deducted, will be ' +
      'refunded in 3-5 days.',
    'failed',
  ),
  airtel.out(
    'cash withdrawal',
    'Cash withdrawal of Rs.1,000 from your Airtel Payments Bank a/c XX6617 at retailer point on ' +
      '22-11-26. Balance Rs.1,111',
    100000,
    '2026-11-22',
    null,
    'Cash Withdrawal',
  ),
  airtel.none(
    'otp',
    'Your Airtel Payments Bank OTP is 773355 for the transaction of Rs.1,000. Do not share this with anyone.',
    'otp',
  ),
]
