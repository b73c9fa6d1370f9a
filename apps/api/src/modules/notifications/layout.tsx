import { legibleAgainst, parseColour, type Rgb, readableOn, toHex } from '@app/domain';
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { Brand } from './brand';
import type { EmailContent } from './content';

const white: Rgb = [255, 255, 255];
const colour = (hex: string, fallback: Rgb): Rgb => parseColour(hex) ?? fallback;

/** The brand's colours, made readable: text on the header and the button reaches 4.5:1 whatever the operator chose. */
export function emailColours(brand: Brand) {
  const header = colour(brand.theme.theme_app_header_bg_colour, [51, 51, 51]);
  const primary = colour(brand.theme.theme_app_primary_colour, [107, 47, 160]);
  return {
    header: toHex(header),
    headerText: toHex(readableOn(header, parseColour(brand.theme.header_primary_colour))),
    button: toHex(primary),
    buttonText: toHex(readableOn(primary)),
    link: toHex(legibleAgainst(primary, white)),
  };
}

/** The logo as an absolute URL (an email has no page to resolve a relative one against), or null. */
const logoUrl = (brand: Brand) => {
  const logo = brand.theme.theme_app_logo;
  if (!logo) return null;
  if (/^https?:\/\//.test(logo)) return logo;
  return logo.startsWith('/') ? `${brand.origin}${logo}` : null;
};

const font = 'Arial, Helvetica, sans-serif';

/**
 * Every email's HTML (react-email components): the client's header with its logo or name, the content, and a footer
 * with the client's name and address. lang="en-GB", one h1, an h2 per section, alt text on the logo, and colours
 * checked for contrast (decision 106).
 */
export function EmailLayout({ brand, content }: { brand: Brand; content: EmailContent }) {
  const c = emailColours(brand);
  const logo = logoUrl(brand);
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <title>{content.subject}</title>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', color: '#1f1f1f', fontFamily: font, margin: 0, padding: '16px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto' }}>
          <Section style={{ backgroundColor: c.header, color: c.headerText, padding: '16px 24px' }}>
            {logo ? (
              <Img src={logo} alt={brand.name} height="48" style={{ height: '48px', width: 'auto' }} />
            ) : (
              <Text style={{ color: c.headerText, fontSize: '20px', fontWeight: 'bold', margin: 0 }}>{brand.name}</Text>
            )}
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            <Heading as="h1" style={{ fontSize: '24px', lineHeight: '32px', margin: '16px 0' }}>
              {content.heading}
            </Heading>
            {content.intro.map((p) => (
              <Text key={p} style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' }}>
                {p}
              </Text>
            ))}
            {content.sections.map((s, i) => (
              <Section
                // biome-ignore lint/suspicious/noArrayIndexKey: sections are static content, never reordered
                key={i}
                style={{ border: '1px solid #d4d4d8', borderRadius: '6px', padding: '4px 16px', margin: '16px 0' }}
              >
                <Heading as="h2" style={{ fontSize: '18px', lineHeight: '26px', margin: '12px 0 8px' }}>
                  {s.heading}
                </Heading>
                {s.rows.map(([label, value], j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are static content, never reordered
                  <Text key={j} style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 6px' }}>
                    <strong>{label}:</strong> {value}
                  </Text>
                ))}
              </Section>
            ))}
            {content.action ? (
              <Section style={{ margin: '20px 0' }}>
                <Button
                  href={content.action.href}
                  style={{
                    backgroundColor: c.button,
                    color: c.buttonText,
                    borderRadius: '6px',
                    fontSize: '16px',
                    fontWeight: 'bold',
                    padding: '12px 20px',
                  }}
                >
                  {content.action.label}
                </Button>
                <Text style={{ fontSize: '14px', lineHeight: '20px', margin: '12px 0 0', wordBreak: 'break-all' }}>
                  Or copy this link: <span style={{ color: c.link }}>{content.action.href}</span>
                </Text>
              </Section>
            ) : null}
            {content.outro.map((p) => (
              <Text key={p} style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' }}>
                {p}
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: '#d4d4d8', margin: 0 }} />
          <Section style={{ padding: '12px 24px 16px' }}>
            <Text style={{ color: '#52525b', fontSize: '14px', lineHeight: '20px', margin: 0 }}>{brand.name}</Text>
            {brand.address ? (
              <Text style={{ color: '#52525b', fontSize: '14px', lineHeight: '20px', margin: 0 }}>{brand.address}</Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
