/** UPI apps' messages and credit card alerts, in our own words after their public formats. */
import { casesOf, type CorpusCase } from './types'

const gpay = casesOf('Google Pay')
const phonepe = casesOf('PhonePe')
const paytm = casesOf('Paytm')
const bhim = casesOf('BHIM')

export const UPI_APPS: CorpusCase[] = [
  // Google Pay
  gpay.out(
    'upi debit',
    'You paid ₹450.00 to Swiggy\nUPI transaction ID: 433018765432\nGoogle Pay',
    45000,
    '2026-11-26',
    'Swiggy',
    'Food & Dining',
  ),
  gpay.in(
    'upi credit',
    '₹2,000 received from Rohit Verma\nUPI transaction ID: 432901928374\nGoogle Pay',
    200000,
    '2026-11-26',
    'Rohit Verma',
    'Others',
    ['category'],
  ),
  gpay.out(
    'bill payment',
    'You paid ₹1,140 to BESCOM on 18 Nov 2026. UPI transaction ID: 431811223399. - Google Pay',
    114000,
    '2026-11-18',
    'BESCOM',
    'Bills & Utilities',
  ),
  gpay.in(
    'refund',
    'You received a cashback of ₹25 on Google Pay for your bill payment. It has been credited to your ' +
      'bank account. UPI transaction ID: 432100998811',
    2500,
    '2026-11-26',
    null,
    'Refund',
  ),
  gpay.none(
    'request',
    'Anjali Rao is requesting ₹350 on Google Pay for "movie tickets". Open Google Pay to pay or decline.',
    'request',
  ),
  gpay.none('failed', 'Payment of ₹999 to Myntra failed. Any money debited will be refunded. - Google Pay', 'failed'),
  // PhonePe
  phonepe.out(
    'upi debit',
    'Paid ₹280 to Zepto. Transaction ID: T2611251422101234567890. UTR: 433299887766. Debited from XXXX9021 - PhonePe',
    28000,
    '2026-11-26',
    'Zepto',
    'Groceries',
  ),
  phonepe.in(
    'upi credit',
    'Received ₹1,500 from Pooja Desai. UTR 432566001122. Credited to XXXX9021 - PhonePe',
    150000,
    '2026-11-26',
    'Pooja Desai',
    'Others',
    ['category'],
  ),
  phonepe.out(
    'bill payment',
    'Recharge of ₹299 for Airtel Prepaid 98XXXXX210 is successful. Paid from XXXX9021. UTR: 432811002233 - PhonePe',
    29900,
    '2026-11-26',
    'Airtel',
    'Bills & Utilities',
  ),
  phonepe.out(
    'card spend',
    'Paid ₹1,850 to Indian Oil Petrol Pump using PhonePe on 23 Nov 2026. UTR: 432700445566. Debited from XXXX9021',
    185000,
    '2026-11-23',
    'Indian Oil',
    'Transportation',
  ),
  phonepe.none(
    'mandate',
    'Your AutoPay of ₹199 to YouTube Premium is scheduled for 02 Dec 2026 from XXXX9021. Keep enough ' +
      'balance. - PhonePe',
    'mandate',
  ),
  phonepe.none(
    'promotion',
    'Win up to ₹500 cashback on your first electricity bill payment on PhonePe! Offer valid till 30 Nov. T&C apply.',
    'promotion',
  ),
  // Paytm app
  paytm.out(
    'upi debit',
    'Paid Rs.640 to Zomato Limited using Paytm UPI on 25-11-2026. UPI Ref No. 433300998877',
    64000,
    '2026-11-25',
    'Zomato',
    'Food & Dining',
  ),
  paytm.out(
    'transfer out',
    'Rs.500 sent to Mohan Lal (mohanlal52@paytm) using Paytm UPI. UPI Ref No. 432922113344',
    50000,
    '2026-11-26',
    'Mohan Lal',
    'Others',
    ['category'],
  ),
  paytm.out(
    'upi debit',
    'Paid Rs.1,720 to IRCTC for PNR 4521367890 using Paytm UPI. UPI Ref No. 432811776655',
    172000,
    '2026-11-26',
    'IRCTC',
    'Travel',
  ),
  paytm.in(
    'refund',
    'Refund of Rs.1,720 for your IRCTC booking has been credited to your bank account linked with Paytm ' +
      'UPI. UPI Ref No. 432811776655',
    172000,
    '2026-11-26',
    'IRCTC',
    'Refund',
  ),
  paytm.none(
    'otp',
    'Your Paytm verification code is 118204. Do not share this code with anyone, including Paytm staff.',
    'otp',
  ),
  // BHIM
  bhim.out(
    'upi debit',
    'Paid Rs. 220.00 to blinkit@ybl from your a/c XX4821. UPI Ref ID: 433401234567 - BHIM',
    22000,
    '2026-11-26',
    'Blinkit',
    'Groceries',
  ),
  bhim.in(
    'upi credit',
    'Your a/c XX4821 is credited with Rs. 750.00 from lata.m@upi. UPI Ref ID: 432512349876 - BHIM',
    75000,
    '2026-11-26',
    'lata.m@upi',
    'Others',
    ['category'],
  ),
  bhim.out(
    'transfer out',
    'Your transaction of Rs. 3,000.00 to ravi.teja@oksbi is successful. UPI Ref ID: 432412341234 - BHIM',
    300000,
    '2026-11-26',
    'ravi.teja@oksbi',
    'Others',
    ['category'],
  ),
  bhim.none(
    'failed',
    'Your transaction of Rs. 1,500.00 to kirana.store@ybl has failed. UPI Ref ID: 432412349999. Reason: ' +
      'Insufficient funds - BHIM',
    'failed',
  ),
]

const sbiCard = casesOf('SBI Card')
const amex = casesOf('American Express')
const hdfcCard = casesOf('HDFC Bank')
const axisCard = casesOf('Axis Bank')
const iciciCard = casesOf('ICICI Bank')

export const CREDIT_CARDS: CorpusCase[] = [
  sbiCard.out(
    'card spend',
    'Rs.2,499.00 spent on your SBI Credit Card ending 3311 at AMAZON on 24/11/26. Trxn. not done by you? ' +
      'Report at https://sbicard.com/Dispute',
    249900,
    '2026-11-24',
    'Amazon',
    'Shopping',
  ),
  sbiCard.out(
    'card spend',
    'Rs.649.00 spent on your SBI Credit Card ending 3311 at NETFLIX.COM on 15/11/26. Trxn. not done by ' +
      'you? Report at https://sbicard.com/Dispute',
    64900,
    '2026-11-15',
    'Netflix',
    'Entertainment',
  ),
  sbiCard.none(
    'card payment',
    'We have received payment of Rs.12,450.00 towards your SBI Credit Card ending 3311 on 20/11/26. Thank you.',
    'card-payment',
  ),
  sbiCard.none(
    'reminder',
    'Your SBI Card statement for Nov 2026: Total Amt Due Rs.12,450.00, Min Amt Due Rs.623.00. Pay by ' +
      '05/12/26 to avoid charges.',
    'reminder',
  ),
  amex.out(
    'card spend',
    "Alert: You've spent INR 3,275.00 on your AMEX card ** 21004 at MAKEMYTRIP INDIA on 22 November 2026 " +
      'at 02:22 PM IST.',
    327500,
    '2026-11-22',
    'MakeMyTrip',
    'Travel',
  ),
  amex.in(
    'refund',
    'A refund of INR 1,200.00 from UBER INDIA has been credited to your AMEX card ** 21004 on 23 November 2026.',
    120000,
    '2026-11-23',
    'Uber',
    'Refund',
  ),
  hdfcCard.out(
    'card spend',
    'Spent Rs.1,560 On HDFC Bank Card 7710 At APOLLO PHARMACY On 2026-11-19:11:05:40 Not You? To ' +
      'Block+Reissue Call 18002323232',
    156000,
    '2026-11-19',
    'Apollo Pharmacy',
    'Healthcare',
  ),
  hdfcCard.out(
    'card spend',
    'Spent Rs.740 On HDFC Bank Card 7710 At SHARMA MEDICAL STORE On 2026-11-17:20:14:09 Not You? To ' +
      'Block+Reissue Call 18002323232',
    74000,
    '2026-11-17',
    'Sharma Medical Store',
    'Healthcare',
  ),
  hdfcCard.out(
    'card spend',
    'Spent Rs.3,100 On HDFC Bank Card 7710 At RAJ TAILORS AND FABRICS On 2026-11-16:18:00:12 Not You? To ' +
      'Block+Reissue Call 18002323232',
    310000,
    '2026-11-16',
    'Raj Tailors And Fabrics',
    'Others',
    ['category'],
  ),
  axisCard.out(
    'card spend',
    'Spent INR 899\nAxis Bank Card no. XX4407\n14-11-26 21:15:03 IST\nBOOKMYSHOW\nAvl Limit: INR ' +
      '95,101\nNot you? SMS BLOCK 4407 to 919951860002',
    89900,
    '2026-11-14',
    'BookMyShow',
    'Entertainment',
  ),
  axisCard.none(
    'card payment',
    'Payment of INR 8,000.00 has been received on your Axis Bank Credit Card XX4407 on 12-11-26. Thank you.',
    'card-payment',
  ),
  iciciCard.out(
    'card spend',
    'INR 5,600.00 spent using ICICI Bank Card XX5402 on 13-Nov-26 on CROMA. Avl Limit: INR 1,17,856.78. ' +
      'If not you, call 1800 2662/SMS BLOCK 5402 to 9215676766',
    560000,
    '2026-11-13',
    'Croma',
    'Shopping',
  ),
  iciciCard.none(
    'otp',
    'Dear Customer, 661032 is OTP for INR 5,600.00 txn at CROMA on ICICI Bank Card XX5402. OTPs are ' +
      'SECRET. DO NOT share with anyone.',
    'otp',
  ),
]
