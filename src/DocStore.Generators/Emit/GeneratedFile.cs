namespace DocStore.Generators.Emit;

/// <summary>One generated source: its hint name and text.</summary>
internal sealed record GeneratedFile(string Hint, string Text);
