using DocStore.Linq.Running;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>
/// What a member path whose missing field reads as an initializer holds in a document without it.
/// </summary>
/// <param name="Known">True when every document missing the path reads it as <paramref name="Value"/> or as null (through a parent the document lacks).</param>
/// <param name="Value">For <paramref name="Known"/>: that value; NULL when it always reads as null.</param>
internal sealed record MissingReading(bool Known, SqlValue Value)
{
    /// <summary>Only each deserialized document tells.</summary>
    public static readonly MissingReading Unknown = new(false, SqlValue.Null);

    /// <summary>The value as a literal to test the statement's values against; null when unknown.</summary>
    public LiteralExpr? Literal => Known ? new LiteralExpr(Value) { Text = ExplainText.Literal(Value) } : null;
}
