/** Bank SMS, in our own words after each bank's public alert formats (made-up names and numbers). */
import { casesOf, type CorpusCase } from './types'

const hdfc = casesOf('HDFC Bank')
const icici = casesOf('ICICI Bank')
const sbi = casesOf('SBI')
const axis = casesOf('Axis Bank')
const kotak = casesOf('Kotak')

export const BIG_FIVE: CorpusCase[] = [
  // HDFC Bank
  hdfc.out(
    'upi debit',
    'Sent Rs.450.00\nFrom HDFC Bank A/C *4821\nTo SWIGGY\nOn 24/11/26\nRef 433018765432\nNot You?\nCall ' +
      '18002586161/SMS BLOCK UPI to 7308080808',
    45000,
    '2026-11-24',
    'Swiggy',
    'Food & Dining',
  ),
  hdfc.out(
    'upi debit',
    'Money Sent! Rs 1,250.00 from HDFC Bank A/c **4821 to VPA bescom.billdesk@hdfcbank on 23-11-26 Ref ' +
      'No 432917654321 Not you? Call 18002586161',
    125000,
    '2026-11-23',
    'BESCOM',
    'Bills & Utilities',
  ),
  hdfc.out(
    'transfer out',
    'Rs.2000.00 debited from A/c **4821 on 22-11-26 to VPA ramesh.k77@okaxis (UPI Ref No 432812345670). ' +
      'Not you? Call on 18002586161 to report',
    200000,
    '2026-11-22',
    'ramesh.k77@okaxis',
    'Others',
    ['category'],
  ),
  hdfc.in(
    'transfer in',
    'Update! INR 62,500.00 deposited in HDFC Bank A/c XX4821 on 01-NOV-26 for NEFT ' +
      'Cr-ICIC0000104-BRIGHTLINE SOFTWARE PVT LTD-SALARY NOV-ICICN52026110198765.Avl bal INR 1,08,240.10. ' +
      'Cheque deposits in A/C are subject to clearing',
    6250000,
    '2026-11-01',
    'Brightline Software',
    'Salary',
  ),
  hdfc.out(
    'card spend',
    'Spent Rs.2499 On HDFC Bank Card 7710 At AMAZON PAY INDIA On 2026-11-25:14:22:10 Not You? To ' +
      'Block+Reissue Call 18002323232/SMS BLOCK CC 7710 to 7308080808',
    249900,
    '2026-11-25',
    'Amazon',
    'Shopping',
  ),
  hdfc.out(
    'card spend',
    'Thank you for using your HDFC Bank Credit Card ending 7710 for Rs 1,830.00 at ZOMATO on 21-11-2026 ' +
      '21:04:55. Authorization code:- 044312',
    183000,
    '2026-11-21',
    'Zomato',
    'Food & Dining',
  ),
  hdfc.out(
    'cash withdrawal',
    'Rs.5000 withdrawn from HDFC Bank Card x3390 at +MG ROAD BRANCH ATM on 2026-11-20:18:45:02. Avl bal: ' +
      'Rs.23,410.55. Not you? Call 18002586161',
    500000,
    '2026-11-20',
    null,
    'Cash Withdrawal',
  ),
  hdfc.none(
    'otp',
    '482913 is the OTP for txn of INR 3,499.00 at FLIPKART on HDFC Bank card ending 7710. Valid till ' +
      '14:32. Do not share OTP for security reasons',
    'otp',
  ),
  hdfc.none(
    'mandate',
    'Your HDFC Bank A/c XX4821 will be debited with Rs.649.00 on 28-11-26 towards NETFLIX for the ' +
      'e-mandate set up by you. To cancel, visit the MyAccounts section.',
    'mandate',
  ),
  hdfc.none(
    'balance',
    'Available balance in your HDFC Bank A/c XX4821 as on 25-11-26 is INR 41,200.75. Cheques are subject to clearing.',
    'balance',
  ),
  hdfc.in(
    'refund',
    'Refund of Rs 799.00 from MYNTRA has been credited to your HDFC Bank Credit Card ending 7710 on 19-11-26.',
    79900,
    '2026-11-19',
    'Myntra',
    'Refund',
  ),
  // ICICI Bank
  icici.out(
    'upi debit',
    'ICICI Bank Acct XX318 debited for Rs 250.00 on 25-Nov-26; SWIGGY credited. UPI:433024681357. Call ' +
      '18002662 for dispute. SMS BLOCK 318 to 9215676766.',
    25000,
    '2026-11-25',
    'Swiggy',
    'Food & Dining',
  ),
  icici.out(
    'upi debit',
    'ICICI Bank Acct XX318 debited for Rs 1,720.00 on 30-Nov-25; IRCTC credited. UPI:534011223344. Call ' +
      '18002662 for dispute.',
    172000,
    '2025-11-30',
    'IRCTC',
    'Travel',
  ),
  icici.in(
    'upi credit',
    'Dear Customer, Acct XX318 is credited with Rs 3,000.00 on 24-Nov-26 from PRIYA SHARMA. ' +
      'UPI:432998877665-ICICI Bank.',
    300000,
    '2026-11-24',
    'Priya Sharma',
    'Others',
    ['category'],
  ),
  icici.out(
    'card spend',
    'INR 1,299.00 spent using ICICI Bank Card XX5402 on 23-Nov-26 on DECATHLON. Avl Limit: INR ' +
      '1,23,456.78. If not you, call 1800 2662/SMS BLOCK 5402 to 9215676766',
    129900,
    '2026-11-23',
    'Decathlon',
    'Shopping',
  ),
  icici.out(
    'bill payment',
    'ICICI Bank Acc XX318 debited Rs. 1,140.00 on 18-Nov-26 InfoBIL*BESCOM.Avl Bal Rs. 10,234.50.To ' +
      'dispute,call 18002662 or SMS BLOCK 318 to 9215676766',
    114000,
    '2026-11-18',
    'BESCOM',
    'Bills & Utilities',
  ),
  icici.out(
    'cash withdrawal',
    'ICICI Bank Acct XX318 debited with INR 3,000.00 on 22-Nov-26 for ATM withdrawal at KORAMANGALA 5TH ' +
      'BLOCK. Avl Bal INR 7,234.50.',
    300000,
    '2026-11-22',
    null,
    'Cash Withdrawal',
  ),
  icici.none(
    'failed',
    'Your transaction of INR 2,150.00 on ICICI Bank Card XX5402 at MAKEMYTRIP on 24-Nov-26 has been ' +
      'declined due to incorrect PIN.',
    'failed',
  ),
  icici.none(
    'promotion',
    'Congratulations! You are pre-approved for an ICICI Bank Personal Loan of up to Rs 8,00,000 at ' +
      'attractive rates. Apply now in 3 clicks on iMobile Pay. T&C apply.',
    'promotion',
  ),
  icici.none(
    'reminder',
    'ICICI Bank Credit Card XX5402 statement: Total Amount Due INR 14,320.00, Minimum Amount Due INR ' +
      '720.00, Payment Due Date 08-Dec-26.',
    'reminder',
  ),
  // SBI
  sbi.out(
    'upi debit',
    'Dear UPI user A/C X6614 debited by 250.0 on date 30Nov26 trf to SWIGGY Refno 433412345678. If not ' +
      'u? call 1800111109. -SBI',
    25000,
    '2026-11-30',
    'Swiggy',
    'Food & Dining',
  ),
  sbi.out(
    'transfer out',
    'Dear UPI user A/C X6614 debited by 1500.0 on date 21Nov26 trf to SUNITA DEVI Refno 432519876543. If ' +
      'not u? call 1800111109. -SBI',
    150000,
    '2026-11-21',
    'Sunita Devi',
    'Others',
    ['category'],
  ),
  sbi.in(
    'upi credit',
    'Dear SBI UPI User, ur A/cX6614 credited by Rs500 on 23Nov26 by (Ref no 432711112222)',
    50000,
    '2026-11-23',
    null,
    'Others',
    ['category'],
  ),
  sbi.out(
    'cash withdrawal',
    'Dear Customer, Rs.2000 withdrawn at SBI ATM S1CN000623 from A/cX6614 on 24Nov26 Transaction Number ' +
      '8841. Available Balance Rs.15200. If not withdrawn by you, call 1800111109 -SBI',
    200000,
    '2026-11-24',
    null,
    'Cash Withdrawal',
  ),
  sbi.out(
    'transfer out',
    'Your A/C XXXXX6614 Debited INR 12,000.00 on 05/11/26 -Transferred to Mr. VIKRAM SINGH. Avl Balance ' +
      'INR 31,450.00-SBI',
    1200000,
    '2026-11-05',
    'Vikram Singh',
    'Others',
    ['category'],
  ),
  sbi.in(
    'transfer in',
    'Your a/c no. XXXXXXXX6614 is credited by Rs.18,000.00 on 10-11-26 by a/c linked to mobile ' +
      '9XXXXXX341 (IMPS Ref no 431410203040).',
    1800000,
    '2026-11-10',
    null,
    'Others',
    ['category'],
  ),
  sbi.in(
    'transfer in',
    'Your A/c XXXXX6614 has been credited with INR 1,245.00 on 30-09-26 towards interest. Avl Bal INR 52,810.00 -SBI',
    124500,
    '2026-09-30',
    null,
    'Investment',
  ),
  sbi.none(
    'otp',
    'OTP for your SBI YONO login is 771204. Do not share it with anyone. SBI never asks for your OTP.',
    'otp',
  ),
  sbi.none(
    'balance',
    'Dear Customer, the balance in your A/c XXXXX6614 is Rs.15,200.00 as on 24-11-26 18:10. -SBI',
    'balance',
  ),
  // Axis Bank
  axis.out(
    'upi debit',
    'INR 320.00 debited\nA/c no. XX9021\n25-11-26, 09:14:33\nUPI/P2M/433122334455/UBER INDIA\nNot you? ' +
      'SMS BLOCKUPI Cust ID to 919951860002\nAxis Bank',
    32000,
    '2026-11-25',
    'Uber',
    'Transportation',
  ),
  axis.in(
    'upi credit',
    'INR 5000.00 credited\nA/c no. XX9021\n24-11-26, 20:01:17 IST\nUPI/P2A/432877665544/RAHUL MEHTA\n- Axis Bank',
    500000,
    '2026-11-24',
    'Rahul Mehta',
    'Others',
    ['category'],
  ),
  axis.out(
    'card spend',
    'Spent INR 3,560\nAxis Bank Card no. XX4407\n22-11-26 19:40:12 IST\nDMART AVENUE SUPERMARTS\nAvl ' +
      'Limit: INR 96,440\nNot you? SMS BLOCK 4407 to 919951860002',
    356000,
    '2026-11-22',
    'DMart',
    'Groceries',
  ),
  axis.out(
    'bill payment',
    'INR 899.00 debited\nA/c no. XX9021\n15-11-26, 11:02:45\nUPI/P2M/431912345678/ACT FIBERNET\nNot you? ' +
      'SMS BLOCKUPI Cust ID to 919951860002\nAxis Bank',
    89900,
    '2026-11-15',
    'ACT Fibernet',
    'Bills & Utilities',
  ),
  axis.in(
    'refund',
    'INR 1,049.00 credited\nA/c no. XX9021\n20-11-26, 16:30:00 IST\nUPI/REV/432455667788/refund for ' +
      'failed txn\n- Axis Bank',
    104900,
    '2026-11-20',
    null,
    'Refund',
  ),
  axis.none(
    'failed',
    'UPI txn of INR 780.00 to zepto@ybl from A/c no. XX9021 failed on 25-11-26. Amount, if debited, will ' +
      'be refunded in 48 hrs. - Axis Bank',
    'failed',
  ),
  axis.none(
    'request',
    'meena.iyer@okicici has requested money of INR 1,200.00 from you on Axis Mobile. Approve only if you ' +
      'know the requester. - Axis Bank',
    'request',
  ),
  // Kotak
  kotak.out(
    'upi debit',
    'Sent Rs.180.00 from Kotak Bank AC X2290 to blinkit@ybl on 24-11-26.UPI Ref 432900112233. Not you, ' +
      'https://kotak.com/KBANKT/Fraud',
    18000,
    '2026-11-24',
    'Blinkit',
    'Groceries',
  ),
  kotak.in(
    'upi credit',
    'Received Rs.2500.00 in your Kotak Bank AC X2290 from anil.gupta@okhdfcbank on 22-11-26.UPI Ref:432676543210.',
    250000,
    '2026-11-22',
    'anil.gupta@okhdfcbank',
    'Others',
    ['category'],
  ),
  kotak.out(
    'card spend',
    'Rs.4,200.00 spent on Kotak Credit Card x8813 at INDIGO on 19-Nov-2026. Avl limit Rs.61,800.00. Not ' +
      'you? Call 18602662666',
    420000,
    '2026-11-19',
    'IndiGo',
    'Travel',
  ),
  kotak.out(
    'cash withdrawal',
    'Rs.1,000 withdrawn from Kotak Bank AC X2290 at ATM ANDHERI EAST on 21-11-26. Avl Bal Rs.8,450.30',
    100000,
    '2026-11-21',
    null,
    'Cash Withdrawal',
  ),
  kotak.none(
    'mandate',
    'Your UPI AutoPay mandate for Rs.119.00 towards SPOTIFY has been created successfully on Kotak Bank ' +
      'AC X2290. It will run monthly from 01-12-26.',
    'mandate',
  ),
  kotak.none(
    'promotion',
    'Upgrade now to Kotak 811 Super! Zero fee debit card and exclusive cashback offers. Download the ' +
      'app: https://kotak.com/811',
    'promotion',
  ),
]

const pnb = casesOf('PNB')
const bob = casesOf('Bank of Baroda')
const canara = casesOf('Canara Bank')
const idfc = casesOf('IDFC First')

export const PSU_AND_NEW: CorpusCase[] = [
  // PNB
  pnb.out(
    'upi debit',
    'A/c XX7781 debited INR 560.00 Dt 24-11-26 13:05:44 thru UPI:432988776655.Bal INR 10,420.00 Not ' +
      'u?Fwd this SMS to 9264092640 to block UPI.Download PNB ONE-PNB',
    56000,
    '2026-11-24',
    null,
    'Others',
    ['category'],
  ),
  pnb.in(
    'upi credit',
    'A/c XX7781 credited INR 7,500.00 Dt 20-11-26 10:11:09 thru UPI:432400998877. Bal INR 17,920.00 -PNB',
    750000,
    '2026-11-20',
    null,
    'Others',
    ['category'],
  ),
  pnb.out(
    'cash withdrawal',
    'A/c XX7781 debited INR 4,000.00 Dt 18-11-26 19:22:01 thru ATM WDL at LAJPAT NAGAR. Bal INR 6,420.00 -PNB',
    400000,
    '2026-11-18',
    null,
    'Cash Withdrawal',
  ),
  pnb.in(
    'transfer in',
    'Your A/c XX7781 is credited with INR 38,200.00 on 01-11-26 by NEFT from DELHI PUBLIC SCHOOL SOCIETY ' +
      'towards SALARY OCT. Bal INR 45,620.00 -PNB',
    3820000,
    '2026-11-01',
    'Delhi Public School Society',
    'Salary',
  ),
  pnb.none(
    'otp',
    'Dear Customer, 309118 is your One Time Password for PNB ONE login. Valid for 3 minutes. Do not share. -PNB',
    'otp',
  ),
  pnb.none('balance', 'Dear Customer, Avl Bal in your A/c XX7781 is INR 6,420.00 as on 19-11-26. -PNB', 'balance'),
  // Bank of Baroda
  bob.out(
    'upi debit',
    'Rs.640.00 transferred from A/c ...5512 to:UPI/433077665544. Total Bal:Rs.12050.00CR. Avlbl ' +
      'Amt:Rs.12050.00(25-11-2026 12:44:10) - Bank of Baroda',
    64000,
    '2026-11-25',
    null,
    'Others',
    ['category'],
  ),
  bob.in(
    'upi credit',
    'Rs.2100 Credited to A/c ...5512 thru UPI/432811223344 by deepak.rao@ybl. Total Bal:Rs.14150.00CR. ' +
      'Avlbl Amt:Rs.14150.00(22-11-2026 08:15:30) - Bank of Baroda',
    210000,
    '2026-11-22',
    'deepak.rao@ybl',
    'Others',
    ['category'],
  ),
  bob.out(
    'bill payment',
    'Rs.1,385.00 transferred from A/c ...5512 to:BIL/ONL/000987654321/TATA POWER. Total ' +
      'Bal:Rs.10665.00CR. Avlbl Amt:Rs.10665.00(16-11-2026 20:02:11) - Bank of Baroda',
    138500,
    '2026-11-16',
    'Tata Power',
    'Bills & Utilities',
  ),
  bob.out(
    'cash withdrawal',
    'Rs.3000.00 withdrawn at ATM BOB0000SUR1 from A/c ...5512 on 21-11-2026 17:30:21. Total ' +
      'Bal:Rs.9665.00CR - Bank of Baroda',
    300000,
    '2026-11-21',
    null,
    'Cash Withdrawal',
  ),
  bob.none(
    'failed',
    'Your UPI transaction of Rs.450.00 to zomato@hdfcbank from A/c ...5512 could not be processed on ' +
      '23-11-2026. - Bank of Baroda',
    'failed',
  ),
  // Canara Bank
  canara.out(
    'upi debit',
    'An amount of INR 240.00 has been DEBITED to your account XXX3307 on 24/11/2026 towards ' +
      'UPI/DR/433155667788/ZEPTO. Total Avail.bal INR 9,760.00. - Canara Bank',
    24000,
    '2026-11-24',
    'Zepto',
    'Groceries',
  ),
  canara.in(
    'upi credit',
    'An amount of INR 1,500.00 has been CREDITED to your account XXX3307 on 21/11/2026 towards ' +
      'UPI/CR/432566778899/SURESH BABU. Total Avail.bal INR 11,260.00 - Canara Bank',
    150000,
    '2026-11-21',
    'Suresh Babu',
    'Others',
    ['category'],
  ),
  canara.out(
    'bill payment',
    'An amount of INR 2,310.00 has been DEBITED to your account XXX3307 on 10/11/2026 towards ' +
      'UPI/DR/431433445566/KSEB. Total Avail.bal INR 8,950.00 - Canara Bank',
    231000,
    '2026-11-10',
    'KSEB',
    'Bills & Utilities',
  ),
  canara.in(
    'transfer in',
    'An amount of INR 25,000.00 has been CREDITED to your account XXX3307 on 30/10/2026 towards ' +
      'NEFT/CNRBN52026103012345/SALARY OCT KERALA HOSPITALS. Total Avail.bal INR 33,950.00 - Canara Bank',
    2500000,
    '2026-10-30',
    'Kerala Hospitals',
    'Salary',
  ),
  canara.none(
    'balance',
    'Dear Customer, the available balance in your account XXX3307 is INR 8,950.00 on 11/11/2026. - Canara Bank',
    'balance',
  ),
  // IDFC First
  idfc.out(
    'upi debit',
    'Your A/C XXXXX1198 has been debited with INR 399.00 on 25/11/2026 14:22 towards UPI to ' +
      'swiggy@icici. RRN 433266554433. Avl Bal INR 20,101.00 - IDFC FIRST Bank',
    39900,
    '2026-11-25',
    'Swiggy',
    'Food & Dining',
  ),
  idfc.in(
    'upi credit',
    'Your A/C XXXXX1198 has been credited with INR 5,000.00 on 23/11/2026 10:05 from kavya.n@oksbi. UPI ' +
      'Ref 432744332211. New Bal INR 25,101.00 - IDFC FIRST Bank',
    500000,
    '2026-11-23',
    'kavya.n@oksbi',
    'Others',
    ['category'],
  ),
  idfc.out(
    'card spend',
    'INR 2,899.00 spent on your IDFC FIRST Bank Credit Card XX6620 at PVR INOX on 22/11/2026 20:30. ' +
      'Available limit INR 1,45,000.00',
    289900,
    '2026-11-22',
    'PVR INOX',
    'Entertainment',
  ),
  idfc.in(
    'upi credit',
    'Your A/C XXXXX1198 has been credited with INR 1,250.00 on 31/10/2026 23:59 towards monthly ' +
      'interest. New Bal INR 21,351.00 - IDFC FIRST Bank',
    125000,
    '2026-10-31',
    null,
    'Investment',
  ),
  idfc.none(
    'mandate',
    'Reminder: INR 1,499.00 will be debited from your A/C XXXXX1198 on 01/12/2026 towards AMAZON PRIME ' +
      'under your UPI AutoPay. - IDFC FIRST Bank',
    'mandate',
  ),
  idfc.none(
    'failed',
    'Your payment of INR 1,800.00 to IRCTC from A/C XXXXX1198 failed on 24/11/2026. Any amount debited ' +
      'will be refunded. - IDFC FIRST Bank',
    'failed',
  ),
]

const yes = casesOf('Yes Bank')
const indusind = casesOf('IndusInd')
const paytmBank = casesOf('Paytm Payments Bank')
const airtel = casesOf('Airtel Payments Bank')
/** The Paytm wallet's own alert (Paytm Payments Bank's wallet, in the Paytm app's words). */
const paytmWallet = casesOf('Paytm')

export const PRIVATE_AND_PAYMENTS: CorpusCase[] = [
  // Yes Bank
  yes.out(
    'upi debit',
    'INR 520.00 debited from A/c XX4410 on 25-NOV-2026 19:12. Info: UPI-433344556677-ZOMATO. Avl Bal INR ' +
      '10,480.00 - YES BANK',
    52000,
    '2026-11-25',
    'Zomato',
    'Food & Dining',
  ),
  yes.in(
    'upi credit',
    'INR 800.00 credited to A/c XX4410 on 22-NOV-2026 09:40. Info: UPI-432655443322-ASHA NAIR. Avl Bal ' +
      'INR 11,280.00 - YES BANK',
    80000,
    '2026-11-22',
    'Asha Nair',
    'Others',
    ['category'],
  ),
  yes.out(
    'card spend',
    'Transaction Alert: INR 1,199.00 spent on YES BANK Credit Card XX2255 at NYKAA on 20-11-2026 13:48. ' +
      'Avl limit INR 48,801.00',
    119900,
    '2026-11-20',
    'Nykaa',
    'Personal Care',
  ),
  yes.out(
    'cash withdrawal',
    'INR 2,500.00 withdrawn from A/c XX4410 at YES BANK ATM BANDRA WEST on 19-NOV-2026 21:05. Avl Bal INR 8,780.00',
    250000,
    '2026-11-19',
    null,
    'Cash Withdrawal',
  ),
  yes.none(
    'otp',
    'Your one time password for the transaction of INR 9,999.00 at CROMA on YES BANK Card XX2255 is ' +
      '554120. Never share it with anyone.',
    'otp',
  ),
  // IndusInd
  indusind.out(
    'upi debit',
    'Your A/C 2XXXXX3185 is debited by INR 275.00 towards UPI/433477889900/RAPIDO on 25-Nov-26. ' +
      'Available balance INR 6,725.00. -IndusInd Bank',
    27500,
    '2026-11-25',
    'Rapido',
    'Transportation',
  ),
  indusind.in(
    'transfer in',
    'Your A/C 2XXXXX3185 is credited by INR 15,000.00 towards IMPS/432312312312/NEHA KAPOOR on ' +
      '19-Nov-26. Avl Bal INR 21,725.00. -IndusInd Bank',
    1500000,
    '2026-11-19',
    'Neha Kapoor',
    'Others',
    ['category'],
  ),
  indusind.out(
    'bill payment',
    'Your A/C 2XXXXX3185 is debited by INR 749.00 towards UPI/431855443366/AIRTEL POSTPAID on 12-Nov-26. ' +
      'Available balance INR 5,976.00. -IndusInd Bank',
    74900,
    '2026-11-12',
    'Airtel',
    'Bills & Utilities',
  ),
  indusind.in(
    'refund',
    'Your A/C 2XXXXX3185 is credited by INR 275.00 on 26-Nov-26 as reversal of UPI txn 433477889900. Avl ' +
      'Bal INR 7,000.00. -IndusInd Bank',
    27500,
    '2026-11-26',
    null,
    'Refund',
  ),
  indusind.none(
    'promotion',
    'Get up to 10% cashback with IndusInd Bank Credit Cards on your festive shopping! Limited period ' +
      'offer. Apply at www.indusind.com',
    'promotion',
  ),
  // Paytm Payments Bank
  paytmBank.out(
    'upi debit',
    'Rs.310 sent to Swiggy from Paytm Payments Bank a/c XX8830. UPI Ref: 433511223344. Bal: Rs.1,690',
    31000,
    '2026-11-26',
    'Swiggy',
    'Food & Dining',
  ),
  paytmBank.in(
    'upi credit',
    'Rs.1,000 received in your Paytm Payments Bank a/c XX8830 from Karan Malhotra. UPI Ref: 432822334455',
    100000,
    '2026-11-26',
    'Karan Malhotra',
    'Others',
    ['category'],
  ),
  paytmWallet.out(
    'upi debit',
    'Paid Rs.95 to Chaayos from Paytm Balance on 24 Nov 2026. Updated Balance: Paytm Wallet- Rs 1,405. ' +
      'Txn ID 432933445566',
    9500,
    '2026-11-24',
    'Chaayos',
    'Food & Dining',
  ),
  paytmBank.none(
    'balance',
    'Your Paytm Payments Bank a/c XX8830 balance is Rs.1,690 as on 25-11-2026. Add money to your wallet anytime.',
    'balance',
  ),
  // Airtel Payments Bank
  airtel.out(
    'upi debit',
    'You have paid Rs.150 to OLA from Airtel Payments Bank a/c XX6617 on 25-11-26. UPI Ref No ' +
      '433622113344. Balance Rs.2,350',
    15000,
    '2026-11-25',
    'Ola',
    'Transportation',
  ),
  airtel.in(
    'upi credit',
    'Rs.600 received in Airtel Payments Bank a/c XX6617 from sanjay.p@paytm on 23-11-26. UPI Ref No ' +
      '432711998877. Balance Rs.2,950',
    60000,
    '2026-11-23',
    'sanjay.p@paytm',
    'Others',
    ['category'],
  ),
  airtel.out(
    'bill payment',
    'Rs.239 debited from your Airtel Payments Bank a/c XX6617 for recharge of JIO PREPAID on 20-11-26. ' +
      'Txn ID 432300112299. Balance Rs.2,111',
    23900,
    '2026-11-20',
    'Jio',
    'Bills & Utilities',
  ),
  airtel.none(
    'failed',
    'Your payment of Rs.1,200 to BIGBASKET from Airtel Payments Bank a/c XX6617 was unsuccessful on ' +
      '24-11-26. No money was deducted.',
    'failed',
  ),
]
