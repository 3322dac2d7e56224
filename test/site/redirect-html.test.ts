import { describe, expect, it } from 'vitest';
import { redirectHtml } from '../../src/site/html.js';

describe('an exported HTML redirect', () => {
  it("carries the reader's query and fragment to a path or web address, and only there", () => {
    expect(redirectHtml('/quickstart/')).toContain('<script>location.replace("/quickstart/"+location.search+location.hash)</script>');
    // A destination with its own query keeps it and takes the fragment; one with a fragment takes neither.
    expect(redirectHtml('/a?x=1')).toContain('location.replace("/a?x=1"+location.hash)');
    expect(redirectHtml('https://example.com/b#c')).toContain('location.replace("https://example.com/b#c")');
    expect(redirectHtml('javascript:alert(1)')).not.toContain('<script>');
    expect(redirectHtml('javascript:alert(1)')).toContain('http-equiv="refresh"');
    expect(redirectHtml('/x</script><script>alert(1)//')).not.toContain('</script><script>alert');
  });
});
