const FAQ: Array<{ question: string; answer: string }> = [
  {
    question: 'Can I change my plan later?',
    answer: 'Yes. You can upgrade or downgrade at any time; plan changes take effect at the next billing cycle.',
  },
  {
    question: 'Is there a free trial?',
    answer: 'Yes. Every paid plan starts with a 14-day free trial, and no credit card is required to start it.',
  },
  {
    question: 'What payment methods do you accept?',
    answer: 'We accept all major credit cards and PayPal. Enterprise customers can also pay by bank transfer.',
  },
  {
    question: 'Can I cancel anytime?',
    answer: 'Yes. Cancel whenever you like; you keep access to your plan until the end of the current billing period.',
  },
];

/** The pricing page's FAQ (part 2 §2). */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq" className="grid gap-4">
      <h2 id="pricing-faq" className="text-center text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <dl className="grid gap-4 md:grid-cols-2">
        {FAQ.map((item) => (
          <div key={item.question} className="rounded-lg border bg-card p-4">
            <dt className="font-semibold">{item.question}</dt>
            <dd className="mt-1 text-sm text-muted-foreground">{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
