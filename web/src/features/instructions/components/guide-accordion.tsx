import { BookOpen } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { guideSections } from './guide-sections';

/** docs/product.md §2: the guide's topics, one open at a time. */
export function GuideAccordion() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <BookOpen className="size-5 text-primary" aria-hidden="true" />
            Feature Guide
          </h2>
        </CardTitle>
        <CardDescription>Open a topic to see how it works.</CardDescription>
      </CardHeader>
      <CardContent>
        <Accordion>
          {guideSections.map(({ value, title, icon: Icon, content }) => (
            <AccordionItem key={value} value={value}>
              <AccordionTrigger>
                <span className="flex items-center gap-3">
                  <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  {title}
                </span>
              </AccordionTrigger>
              <AccordionContent className="pl-7">{content}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </CardContent>
    </Card>
  );
}
