namespace DocStore.Cli.Sql;

/// <summary>A line typed at the prompt, or <paramref name="Interrupted"/> when Ctrl-C abandoned it.</summary>
internal readonly record struct TypedLine(string Text, bool Interrupted);
