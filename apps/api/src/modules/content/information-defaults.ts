import type { InformationSlug } from '@caravan/contract/information';
import type { ServerBrand } from '../../platform/brand.ts';

// The English texts a brand's information pages start with (seeded when missing, never over an
// operator's version). Plain, honest marketplace wording an operator is expected to adapt: it
// describes what the platform does (escrow, USDT wallet, verified shops, returns window) and quotes
// the brand's own figures.

interface DefaultPage {
  title: string;
  body: string;
}

export function defaultInformationPages(brand: ServerBrand): Record<InformationSlug, DefaultPage> {
  const { name, email, phone, returnDays, shippingPromiseHours: hours } = brand;
  const contact = phone ? `e-mail [${email}](mailto:${email}) or call ${phone}` : `e-mail [${email}](mailto:${email})`;
  return {
    'about-us': {
      title: `About ${name}`,
      body: `${name} is an online wholesale marketplace. Independent shops list their goods here, and buyers from many countries order from them in the quantities they need, paying from a USDT wallet.

## What we do

- **Verified shops.** Every seller applies before opening a shop; we check who they are and how they work before they can sell.
- **Escrow on every order.** Your payment waits with us until you confirm receipt, or until the confirmation period passes without a complaint. Only then is the seller paid.
- **One wallet.** You top up in USDT and pay for orders, refunds and repayments from the same balance, with a record of every movement.
- **Help in your language.** The store and customer service speak 21 languages.

## How we work

We do not make or stock the goods ourselves: shops do. Our job is to keep the marketplace fair: clear rules for buyers and sellers, honest listings, money held safely until the goods arrive, and a person to talk to when something goes wrong.

If you have a question about ${name}, see [Contact us](/information/contact-us).`,
    },
    careers: {
      title: `Careers at ${name}`,
      body: `We are a small team building a marketplace that buyers and sellers in many countries can trust. We work remotely across several time zones.

## Who we look for

- Customer service agents who write clearly and patiently, ideally in more than one language.
- Engineers who care about correctness, security and plain, maintainable code.
- Trust and safety specialists who review shops, listings and disputes.
- Finance staff who reconcile deposits, payouts and refunds.

## How to apply

There are no open positions listed at the moment. If you would like to work with us, ${contact} with a short note about yourself and the kind of work you are looking for. We read every message and answer when a suitable role opens.

We never ask candidates for money, wallet keys or passwords. Anyone who does is not acting for ${name}.`,
    },
    news: {
      title: `${name} news`,
      body: `This page collects announcements about ${name}: new features, changes to our rules and policies, and planned maintenance.

## Latest

- **Information pages.** Our policies and rules now live here, in the store, in your language where a translation exists and in English otherwise.
- **Customer service chat.** You can chat with customer service from any page of the store while you are logged in.

Important changes to the rules that affect your orders or your wallet are also announced on the home page before they take effect.`,
    },
    'contact-us': {
      title: 'Contact us',
      body: `We are happy to help with orders, payments, your account and anything else about ${name}.

## Customer service

- **Chat:** log in and open the customer service chat from any page of the store; it is the quickest way to reach us.
- **E-mail:** [${email}](mailto:${email})${phone ? `\n- **Phone:** ${phone}` : ''}

To help us answer quickly, include your user name and, for an order, its order number. Never send us your login password, your fund password or a verification code: we will never ask for them.

## Sellers

If you want to sell on ${name}, apply from the store's *Merchant settlement* page. Questions about an application can be sent to the same address.`,
    },
    privacy: {
      title: 'Privacy policy',
      body: `This policy explains what personal data ${name} collects, why, and what you can do about it.

## What we collect

- **Account data:** your user name, e-mail address or phone number, and your passwords (stored only as secure hashes).
- **Order data:** delivery addresses, the goods you order, messages with sellers and customer service.
- **Wallet data:** deposits, withdrawals, payments and refunds, and the wallet addresses you use.
- **Technical data:** IP address, device and browser type, and the language you choose, used to keep the service secure and working.

## Why we use it

We use your data to run your account, deliver your orders, hold and release payments, prevent fraud and abuse, answer your requests, and meet our legal obligations. We do not sell your personal data.

## Who sees it

A seller sees what is needed to fulfil your order (such as your delivery address). Payment and delivery partners receive what they need to do their part. Authorities receive data only when the law requires it.

## How long we keep it

We keep account and order records while your account is open and afterwards for as long as the law requires for accounting and dispute purposes.

## Your choices

You can view and correct your details in your account, ask us for a copy of your data, or close your account from *Account cancellation*. For any privacy question, e-mail [${email}](mailto:${email}).`,
    },
    returns: {
      title: 'Returns and exchanges',
      body: `If goods arrive damaged, faulty, incomplete or not as described, you can ask for a return or a refund.

## Time limit

Request a return within **${returnDays} days** of receiving your order, from the order's page in *My orders*. Describe the problem and add photos where they help.

## What happens next

1. The seller reviews your request and may ask for more details.
2. If the return is accepted, send the goods back as instructed, in their original condition and packaging where possible.
3. Once the seller confirms the goods are back, the refund is paid to your ${name} wallet.

If you and the seller cannot agree, customer service reviews the case and decides. Your payment stays in escrow until the case is closed.

## What cannot be returned

Goods damaged through misuse, goods that have been used or altered, and made-to-order goods, unless they were faulty or not as described.

## Exchanges

We do not swap goods directly. Return the item for a refund and place a new order for the one you want.`,
    },
    'service-policy': {
      title: 'Service policy',
      body: `This policy describes the service ${name} provides to buyers and sellers.

## Our commitments

- **Safe payment.** Payments are held in escrow and released to the seller only after delivery is confirmed.
- **Fair listings.** Shops must describe goods accurately; misleading listings are removed.
- **Timely shipping.** Sellers are expected to ship within ${hours} hours of payment; orders not shipped in time can be cancelled and refunded.
- **Support.** Customer service answers chat messages and e-mails every day, usually within one business day.

## Disputes

When a buyer and a seller disagree about an order, either can ask customer service to step in. We look at the order, the messages and any evidence, and decide whether the buyer is refunded or the seller paid.

## Changes to the service

We may change features, fees or rules. Changes that affect you are announced in advance on the home page and on the [News](/information/news) page.`,
    },
    delivery: {
      title: 'Delivery and pickup',
      body: `Goods are shipped by the shop you buy from, to the delivery address you choose at checkout.

## Shipping times

Sellers ship within **${hours} hours** of payment. Delivery time then depends on the destination and the carrier; the order page shows the shipping status once the seller ships.

## Delivery addresses

Keep your addresses up to date in *Shipping address*. Check the address before you pay: once an order has shipped, it cannot be redirected.

## Receiving your order

Check the parcel when it arrives. If it is damaged or something is missing, keep the packaging, take photos and tell us from the order's page within ${returnDays} days. When everything is in order, confirm receipt so the seller is paid.

## Pickup

Where a seller offers pickup from a warehouse, the order page shows the address and opening hours. Bring your order number and an identity document.`,
    },
    'buyer-rules': {
      title: 'Buyer rules',
      body: `These rules keep ${name} fair and safe for everyone. By buying here you agree to follow them.

1. **One person, one account.** Keep your login details and fund password to yourself; you are responsible for what happens in your account.
2. **Pay through ${name}.** Always pay for orders from your ${name} wallet. Paying a seller outside the platform removes the protection of escrow.
3. **Give accurate details.** Use a real delivery address and contact details so your order can reach you.
4. **Confirm honestly.** Confirm receipt only when you have the goods. Ask for returns and refunds only for genuine problems.
5. **Be respectful.** Abusive, threatening or fraudulent messages to sellers or customer service are not allowed.
6. **No prohibited goods.** Do not try to buy goods that are illegal in your country or in the seller's.

Breaking these rules can lead to warnings, limits on your account or its closure. Money in your wallet is never taken as a penalty; a closed account can still withdraw its balance.`,
    },
    'seller-rules': {
      title: 'Seller rules',
      body: `Shops on ${name} agree to these rules when they open.

1. **Describe goods truthfully.** Titles, pictures, prices and specifications must match what buyers receive.
2. **Ship on time.** Ship within ${hours} hours of payment and keep the shipping status up to date.
3. **Sell only legal goods.** No counterfeit, stolen, dangerous or prohibited goods, and nothing that infringes someone else's rights.
4. **Keep business on ${name}.** Do not ask buyers to pay outside the platform or move the conversation elsewhere to avoid its rules.
5. **Handle returns fairly.** Answer return requests promptly and accept returns for goods that were faulty or not as described.
6. **Protect buyers' data.** Use buyers' details only to fulfil their orders.
7. **Respect workers' rights.** Goods must not be made with forced or child labour (see our [Modern slavery statement](/information/modern-slavery)).

Shops that break these rules may have listings removed, payouts held while a case is reviewed, or their shop closed.`,
    },
    'modern-slavery': {
      title: 'Modern slavery statement',
      body: `${name} opposes slavery, forced labour, human trafficking and child labour in every form, in our own work and in the supply chains of the shops on our marketplace.

## Our business

${name} runs an online marketplace. We do not manufacture goods; independent shops sell through us, and we provide the store, the wallet, escrow and customer service.

## What we do

- **Seller rules.** Every shop agrees not to sell goods made with forced or child labour. Breaking this rule leads to the removal of listings and the closure of the shop.
- **Checks before a shop opens.** We review each seller application before the shop can sell.
- **Reports.** Anyone can report a concern about a shop or a product to [${email}](mailto:${email}). Reports are investigated and can be made in confidence.
- **Our own staff and suppliers.** We pay fair wages, do not hold identity documents and work only with service providers who commit to the same standards.

## Reviewing this statement

We review this statement every year and update it as our marketplace and our checks develop.`,
    },
  };
}
