/**
 * The copy below the fold (docs/product/screens.md#section-order,
 * docs/product/overview.md#marketing-claims): converter section, aim and fees, why us, enterprise
 * and individual solutions, steps, team, call to action, FAQ and footer. Texts quoted there are
 * kept word for word; the rest restates the product's claims.
 */

import { msg } from '@lingui/core/macro'

export const CONVERTER_SECTION = {
  eyebrow: msg`Express exchange`,
  heading: msg`See what you get before you sign up`,
  text: msg`Quick trades for individuals, at the live market rate. Fees go down to 1.1% from 10,000.`,
  quickExchange: msg`Quick Exchange`,
}

/** The express converter's own texts (docs/product/screens.md#express-converter-widget). */
export const CONVERTER_WIDGET = {
  youSend: msg`You send`,
  youGet: msg`You get`,
  fiatCurrencies: msg`Fiat Currencies`,
  cryptoCurrencies: msg`Crypto Currencies`,
  largeAmountNotice: msg`We offer flexible fees for big amounts. Get a personalized calculation`,
  largeAmountLink: msg`here`,
  disclaimer: msg`Exchange rates constantly change, so the final amount may differ from what you see in the converter.`,
}

export const AIM_BANNER = {
  heading: msg`Our aim: fees reduced down to 1.1%`,
  text: msg`Large or small, every trade is settled straight to your own wallet: no separate wallet is created for you and your funds are never held. Your first transaction can be done within 7 minutes.`,
  action: msg`Exchange now`,
}

/** The 'why partners choose us' list (docs/product/overview.md#why-partners-choose-us). */
export const WHY_US = {
  heading: msg`Why partners choose us`,
  reasons: [
    {
      title: msg`Licensed and regulated`,
      text: msg`We trade under a Polish cryptocurrency trading licence, inside the EU.`,
    },
    {
      title: msg`Expertise in large transactions`,
      text: msg`Transactions of €1,000,000 and more, run with complete documentation.`,
    },
    {
      title: msg`Legal support`,
      text: msg`Statements and proof of payment for your bank, your auditor and your tax office.`,
    },
    {
      title: msg`Tailored consultations`,
      text: msg`A personal manager walks you through every step of the deal.`,
    },
    {
      title: msg`Rapid transactions`,
      text: msg`The first transaction within 7 minutes; crypto goes straight to your wallet.`,
    },
    {
      title: msg`Integration guidance`,
      text: msg`Help to fit crypto payments and processing into your company’s systems.`,
    },
  ],
}

/** Enterprise onboarding in 5 steps (docs/product/overview.md#enterprise-onboarding). */
export const ENTERPRISE = {
  eyebrow: msg`For business`,
  heading: msg`Enterprise solutions`,
  text: msg`Large transactions of 1 million euro and up, with a minimum of 10,000 euro for the best rates. Transactions above €1,000,000 come with complete legal, tax and regulatory documentation.`,
  steps: [
    msg`Registration`,
    msg`Consultation with a personal manager`,
    msg`KYC`,
    msg`Preparation of legal and compliance documents`,
    msg`Transaction`,
  ],
  action: msg`Get a personalized quote`,
}

export const INDIVIDUAL = {
  eyebrow: msg`For individuals`,
  heading: msg`Individual solutions`,
  points: [
    msg`Quick trades up to $10,000 through the Express Exchange.`,
    msg`Your first transaction within 7 minutes.`,
    msg`Non-custodial: no separate wallet is created for you, and the crypto you buy goes straight to your own wallet.`,
  ],
  facts: [
    { value: msg`$10,000`, label: msg`quick trades up to` },
    { value: msg`7 min`, label: msg`to your first transaction` },
    { value: '200+', label: msg`coins, in 195 countries` },
  ],
  action: msg`Get Started`,
}

/**
 * Individual onboarding in 3 steps, the carousel (docs/product/overview.md#individual-onboarding).
 */
export const INDIVIDUAL_STEPS = {
  heading: msg`Three steps to your first exchange`,
  hint: msg`Click a card to see the next step.`,
  next: msg`Next step`,
  steps: [
    {
      title: msg`Create an account`,
      text: msg`Sign up with your e-mail and confirm it with the link we send you.`,
    },
    {
      title: msg`Verification`,
      text: msg`Upload your documents: IDs, proof of address, registry, permits and certificates.`,
    },
    {
      title: msg`Transaction request`,
      text: msg`After KYC or KYB, fill out a request form and a manager reaches out to you.`,
    },
  ],
}

export const TEAM = {
  heading: msg`The team behind your transaction`,
  people: [
    {
      name: 'Anna Zielińska',
      role: msg`Head of Compliance`,
      text: msg`Keeps every transaction inside the licence and prepares its documentation.`,
    },
    {
      name: 'Tomasz Wójcik',
      role: msg`Head of Large Transactions`,
      text: msg`Runs €1M+ deals from the first consultation to the final transfer.`,
    },
  ],
}

export const FINAL_CTA = {
  heading: msg`Ready for your first compliant exchange?`,
  text: msg`Open an account in minutes and trade 200+ coins from 195 countries.`,
  action: msg`Create an account`,
}

/** Nine questions, every FAQ statement of the product answered (docs/product/screens.md#faq). */
export const FAQ = {
  heading: msg`Frequently asked questions`,
  items: [
    {
      question: msg`What is the minimum amount?`,
      answer: msg`The minimum for our primary service is 10,000 dollars. For smaller amounts, use the Express Exchange.`,
    },
    {
      question: msg`Is there an upper limit?`,
      answer: msg`No, there is no upper limit. We regularly run transactions of €1,000,000 and more.`,
    },
    {
      question: msg`Which fiat currencies can I use?`,
      answer: msg`Mainly EUR and GBP.`,
    },
    {
      question: msg`Which cryptocurrencies do you offer?`,
      answer: msg`The ten top cryptocurrencies: BTC, ETH, BNB, ADA, USDT, SOL, XRP, DOT, DOGE and USDC, with over 200 coins in total.`,
    },
    {
      question: msg`How much is the fee?`,
      answer: msg`The fee varies with the amount, the payment method and the coin. For large amounts it goes down to 1.1%.`,
    },
    {
      question: msg`How long does a transaction take?`,
      answer: msg`Your first transaction can take up to 1 hour without KYC, and only minutes afterwards.`,
    },
    {
      question: msg`Do you hold my funds?`,
      answer: msg`No. Funds are never held, because the crypto goes straight to your own wallet. No separate wallet is created for you.`,
    },
    {
      question: msg`Do you provide documentation?`,
      answer: msg`Yes. Legal, tax and regulatory documentation is provided with your transaction.`,
    },
    {
      question: msg`Who can use the service?`,
      answer: msg`Individuals and businesses resident in EU white-list countries. We trade under a Polish crypto licence, inside the EU.`,
    },
  ],
}

export const FOOTER = {
  contact: msg`Contact`,
  licence: msg`Licence number`,
  address: msg`Address`,
  follow: msg`Follow us`,
  documents: msg`Documents`,
  amlPolicy: { label: msg`AML/KYC policy (PDF)`, href: '/docs/aml-kyc-policy.pdf' },
  privacyPolicy: { label: msg`Privacy policy (PDF)`, href: '/docs/privacy-policy.pdf' },
  rights: msg`Licensed cryptocurrency exchange and brokerage, Warsaw, Poland.`,
}
