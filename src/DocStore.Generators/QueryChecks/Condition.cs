using Microsoft.CodeAnalysis;

namespace DocStore.Generators.QueryChecks;

/// <summary>How the planner could answer a condition on one path with an index on it.</summary>
internal enum Access
{
    /// <summary>
    /// Translates, but the planner answers it with no index: <c>!=</c>, a negation, a null test, <c>Any()</c>,
    /// and a comparison that a missing member (read as its default) satisfies, which becomes <c>OR m IS NULL</c>.
    /// </summary>
    None,

    /// <summary><c>==</c>, a bool member, <c>p.Tags.Contains(x)</c>: a seek.</summary>
    Equality,

    /// <summary><c>ids.Contains(p.Id)</c>: a seek per value (IN).</summary>
    In,

    /// <summary><c>&lt; &lt;= &gt; &gt;=</c>, <c>StartsWith</c>, an ordinal <c>Compare</c> with 0: a range of the index.</summary>
    Range,
}

/// <summary>A translated predicate, kept only as far as index use needs it.</summary>
internal abstract record Condition(SyntaxNode Syntax);

/// <summary>A condition on one path.</summary>
/// <param name="Syntax">Where the condition is written.</param>
/// <param name="Path">The path as an index spells it (<c>Tags[]</c> for an element).</param>
/// <param name="Access">How an index could answer it.</param>
internal sealed record PathCondition(SyntaxNode Syntax, string Path, Access Access) : Condition(Syntax);

/// <summary>Both sides must hold: the planner splits these into conjuncts, and one it can answer is enough.</summary>
internal sealed record AndCondition(SyntaxNode Syntax, Condition Left, Condition Right) : Condition(Syntax);

/// <summary>Either side: the planner answers it with an index union when every side has a seek, range or prefix.</summary>
internal sealed record OrCondition(SyntaxNode Syntax, Condition Left, Condition Right) : Condition(Syntax);

/// <summary>Translates (or was already reported), but no index can answer it.</summary>
internal sealed record OpaqueCondition(SyntaxNode Syntax) : Condition(Syntax);
