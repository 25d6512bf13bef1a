/** Hand-written demo catalogue: an Indian services marketplace's categories and FAQs. */
export type DemoCategory = {
  name: string;
  desc: string;
  status?: "Active" | "Hold" | "Inactive";
  mostPopular?: boolean;
  hideFromMenu?: boolean;
  faqs?: [question: string, ...answers: string[]][];
  children?: DemoCategory[];
};

export const DEMO_CATALOGUE: { superCategory: "" | "business" | "web-it"; categories: DemoCategory[] }[] = [
  {
    superCategory: "business",
    categories: [
      {
        name: "Legal & Compliance",
        desc: "Company formation, licences, contracts and statutory compliance handled by verified professionals.",
        mostPopular: true,
        faqs: [
          [
            "Who are the professionals on this category?",
            "Practising Company Secretaries, Chartered Accountants and advocates verified by our team.",
          ],
          [
            "How long does a typical compliance filing take?",
            "Most filings are completed within 3 to 7 working days once documents are shared.",
          ],
          [
            "Are government fees included in the price?",
            "No. Government fees and stamp duty are charged at actuals and shown before you pay.",
          ],
        ],
        children: [
          {
            name: "Company Registration",
            desc: "Register a Private Limited, LLP, OPC or partnership firm with the MCA.",
            mostPopular: true,
            faqs: [
              ["Which documents do directors need?", "PAN, Aadhaar, a recent photograph and proof of address for each director."],
              ["Can I register with a residential address?", "Yes, with a utility bill and a no-objection certificate from the owner."],
            ],
            children: [
              {
                name: "Private Limited Registration",
                desc: "Incorporation with DIN, DSC, name approval (RUN/SPICe+), MoA and AoA.",
                mostPopular: true,
              },
              { name: "LLP Registration", desc: "Limited Liability Partnership incorporation including LLP agreement filing." },
              { name: "One Person Company", desc: "OPC incorporation for solo founders with a nominee director." },
            ],
          },
          {
            name: "Trademark & IP",
            desc: "Trademark search, filing, objection replies and copyright registration.",
            children: [
              { name: "Trademark Registration", desc: "TM search and application filing in one class." },
              { name: "Copyright Registration", desc: "Copyright for software, artwork, music and literary works.", status: "Hold" },
            ],
          },
          { name: "Contract Drafting", desc: "NDAs, founder agreements, vendor and employment contracts reviewed by advocates." },
          {
            name: "FSSAI Licence",
            desc: "Basic, state and central food licences for restaurants and food businesses.",
            status: "Inactive",
          },
        ],
      },
      {
        name: "Accounting & Taxation",
        desc: "GST, income tax, TDS and bookkeeping for individuals, startups and MSMEs.",
        mostPopular: true,
        faqs: [
          ["Do you handle GST notices?", "Yes. Our experts draft replies and appear for hearings when needed."],
          ["Which accounting software do you use?", "Tally Prime, Zoho Books and QuickBooks; we adapt to what you use."],
        ],
        children: [
          {
            name: "GST Filing",
            desc: "Monthly and quarterly GSTR-1, GSTR-3B and annual GSTR-9 returns.",
            mostPopular: true,
            faqs: [
              [
                "Is GST registration mandatory for me?",
                "It is mandatory above ₹20 lakh annual turnover (₹10 lakh in special category states) and for inter-state suppliers.",
              ],
              [
                "What happens if I miss a GSTR-3B due date?",
                "Late fees of ₹50 per day (₹20 for nil returns) and 18% interest on tax due apply.",
              ],
            ],
            children: [
              { name: "GST Registration", desc: "New GSTIN with ARN tracking and document preparation." },
              { name: "GST Return Filing", desc: "GSTR-1 and GSTR-3B filing with reconciliation against GSTR-2B." },
            ],
          },
          { name: "Income Tax Return", desc: "ITR filing for salaried, business and capital gains cases." },
          { name: "Bookkeeping", desc: "Monthly books, bank reconciliation and MIS reports." },
          { name: "TDS Returns", desc: "Quarterly 24Q and 26Q returns with Form 16/16A.", status: "Hold" },
        ],
      },
      {
        name: "Marketing",
        desc: "Digital marketing, branding and content services for growing Indian brands.",
        children: [
          {
            name: "Digital Marketing",
            desc: "SEO, performance ads and social media management.",
            children: [
              { name: "Search Engine Optimisation", desc: "Technical SEO, content and local SEO for Google Business Profile." },
              { name: "Social Media Management", desc: "Instagram, LinkedIn and YouTube content calendars and posting." },
            ],
          },
          { name: "Branding & Logo Design", desc: "Logo, brand guidelines and packaging design." },
        ],
      },
      {
        name: "Human Resources",
        desc: "Payroll, PF/ESI compliance and HR policies.",
        status: "Hold",
        children: [{ name: "Payroll Processing", desc: "Monthly payroll with PF, ESI, PT and TDS computation." }],
      },
    ],
  },
  {
    superCategory: "web-it",
    categories: [
      {
        name: "Web Development",
        desc: "Websites and web applications built by vetted developers and agencies.",
        mostPopular: true,
        faqs: [
          ["Do I own the source code?", "Yes. The code and design files are handed over to you on final payment."],
          ["Is hosting included?", "Hosting is quoted separately; providers can set it up on your own account."],
        ],
        children: [
          {
            name: "E-commerce Websites",
            desc: "Online stores on Shopify, WooCommerce or custom stacks with UPI and card payments.",
            mostPopular: true,
            children: [
              { name: "Shopify Store Setup", desc: "Theme setup, products, Razorpay/Cashfree payments and shipping." },
              { name: "WooCommerce Development", desc: "WordPress stores with GST invoices and COD." },
            ],
          },
          { name: "Landing Pages", desc: "Fast, conversion-focused landing pages for campaigns." },
          { name: "Custom Web Applications", desc: "Dashboards, portals and SaaS products built to your specification." },
        ],
      },
      {
        name: "Mobile Apps",
        desc: "Android and iOS apps, native or cross-platform.",
        faqs: [["Will you publish the app on the stores?", "Yes, on your Play Console and App Store Connect accounts."]],
        children: [
          { name: "Android Apps", desc: "Kotlin and Java apps for Android phones and tablets." },
          { name: "Flutter Apps", desc: "One code base for Android and iOS with Flutter." },
          { name: "iOS Apps", desc: "Swift apps for iPhone and iPad.", status: "Inactive" },
        ],
      },
      {
        name: "Cloud & DevOps",
        desc: "AWS, Azure and GCP setup, CI/CD and cost optimisation.",
        children: [
          { name: "AWS Setup", desc: "VPC, EC2/ECS, RDS and S3 in the Mumbai region." },
          { name: "CI/CD Pipelines", desc: "GitHub Actions, GitLab CI and Jenkins pipelines." },
        ],
      },
      {
        name: "Cyber Security",
        desc: "VAPT, security audits and CERT-In compliance.",
        status: "Hold",
        hideFromMenu: true,
      },
    ],
  },
  {
    superCategory: "",
    categories: [
      {
        name: "Career Counselling",
        desc: "One-to-one guidance for students and professionals.",
        children: [{ name: "Study Abroad Guidance", desc: "University shortlisting, SOP reviews and visa preparation." }],
      },
      { name: "Astrology Consultation", desc: "Consultations with experienced astrologers.", status: "Inactive", hideFromMenu: true },
      { name: "Interior Design", desc: "Home and office interiors, 2D plans and 3D renders." },
    ],
  },
];

/** Words for generated categories (scale). */
export const GENERATED_WORDS = {
  first: ["Smart", "Express", "Premium", "Local", "Rapid", "Trusted", "Expert", "Easy", "Pro", "Digital", "Green", "Urban"],
  second: ["Tax", "Legal", "Design", "Cloud", "Marketing", "Payroll", "Audit", "Content", "Data", "Video", "Security", "Travel"],
  third: ["Services", "Solutions", "Advisory", "Studio", "Consulting", "Support", "Works", "Hub", "Desk", "Partners"],
  cities: ["Mumbai", "Delhi", "Bengaluru", "Chennai", "Hyderabad", "Pune", "Kolkata", "Ahmedabad", "Jaipur", "Kochi", "Indore", "Lucknow"],
};
