using Microsoft.CodeAnalysis;

namespace DocStore.Generators.QueryChecks;

/// <summary>How a condition on one path could be answered by an index on it.</summary>
internal enum Access
{
    /// <summary>Translates, but no index answers it (<c>!=</c>, a negation, <c>Any()</c>).</summary>
    None,

    /// <summary><c>==</c>, a bool member, <c>ids.Contains(p.Id)</c>, <c>p.Tags.Contains(x)</c>: a seek (or several).</summary>
    Equality,

    /// <summary><c>&lt; &lt;= &gt; &gt;=</c>, <c>string.Compare</c>, <c>StartsWith</c>: a range of the index.</summary>
    Range,
}

/// <summary>A translated predicate, kept only as far as index use needs it.</summary>
internal abstract record Condition(SyntaxNode Syntax);

/// <summary>A condition on one path.</summary>
/// <param name="Syntax">Where the condition is written.</param>
/// <param name="Path">The path as an index spells it (<c>Tags[]</c> for an element).</param>
/// <param name="Access">How an index could answer it.</param>
internal sealed record PathCondition(SyntaxNode Syntax, string Path, Access Access) : Condition(Syntax);

/// <summary>Both sides must hold: one indexable side is enough.</summary>
internal sealed record AndCondition(SyntaxNode Syntax, Condition Left, Condition Right) : Condition(Syntax);

/// <summary>Either side: an index serves it only when it serves every side.</summary>
internal sealed record OrCondition(SyntaxNode Syntax, Condition Left, Condition Right) : Condition(Syntax);

/// <summary>Translates (or was already reported), but no index can answer it.</summary>
internal sealed record OpaqueCondition(SyntaxNode Syntax) : Condition(Syntax);
