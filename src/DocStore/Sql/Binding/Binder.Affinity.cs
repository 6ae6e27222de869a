using DocStore.Metadata;
using DocStore.Sql.Ast;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;

namespace DocStore.Sql.Binding;

/// <summary>
/// Type affinity (docs/sql.md, "Type affinity"): in a comparison between a member whose recorded type is a
/// date/time type, Guid or decimal and another value, text on the other side is read as that type. A text
/// literal converts here, once; any other operand is wrapped so its text converts when it is evaluated.
/// </summary>
internal sealed partial class Binder
{
    private readonly Dictionary<SqlCollection, IReadOnlyDictionary<string, FieldType>?> _types = [];

    /// <summary><paramref name="other"/> as <paramref name="member"/>'s recorded type (when it converts text), then with SQLite's comparison affinity.</summary>
    private BoundExpr WithAffinity(BoundExpr other, SqlExpression otherSyntax, BoundExpr member)
    {
        // COLLATE keeps its operand's affinity, and stays outermost so the comparison still sees the collation.
        if (member is CollateExpr collatedMember)
        {
            return WithAffinity(other, otherSyntax, collatedMember.Operand);
        }

        return other is CollateExpr collated
            ? new CollateExpr(WithAffinity(collated.Operand, otherSyntax, member), collated.Collation, collated.IsExplicit) { Text = collated.Text }
            : WithComparisonAffinity(WithRecordedType(other, otherSyntax, member), member);
    }

    /// <summary><paramref name="other"/> as <paramref name="member"/>'s recorded type, when that type converts text.</summary>
    private BoundExpr WithRecordedType(BoundExpr other, SqlExpression otherSyntax, BoundExpr member)
    {
        if (other is PathExpr || member is not PathExpr path || TypeOf(path) is not { } type)
        {
            return other;
        }

        if (other is LiteralExpr { Value.Kind: SqlKind.Text } literal)
        {
            var text = literal.Value.AsString();
            return AffinityText.TryConvert(type.Kind, text, out var converted)
                ? new LiteralExpr(converted) { Text = literal.Text }
                : throw SqlErrors.At(_sql, otherSyntax.Span, DocStoreErrorCode.SqlType, AffinityText.Refusal(text, path.Text, type));
        }

        return other is LiteralExpr ? other : new AffinityExpr(other, type, path.Text) { Text = other.Text };
    }

    /// <summary>A comparison with affinity applied to whichever side is not the typed member.</summary>
    private (BoundExpr Left, BoundExpr Right) WithAffinity(BoundExpr left, SqlExpression leftSyntax, BoundExpr right, SqlExpression rightSyntax) =>
        (WithAffinity(left, leftSyntax, right), WithAffinity(right, rightSyntax, left));

    /// <summary>The recorded type of a path when it converts text; an <c>[]</c> path takes its array's element type.</summary>
    private FieldType? TypeOf(PathExpr path)
    {
        var collection = _sources[path.Source].Collection;
        if (!_types.TryGetValue(collection, out var types))
        {
            types = FieldType.ByPath(collection.Types);
            _types[collection] = types;
        }

        if (types is null)
        {
            return null;
        }

        var stored = path.StoredPath;
        var type = types.GetValueOrDefault(stored);
        if (type is null && stored.EndsWith("[]", StringComparison.Ordinal) && types.GetValueOrDefault(stored[..^2]) is { Kind: FieldTypeKind.Array } array)
        {
            type = array.Element;
        }

        return type is not null && AffinityText.Converts(type.Kind) ? type : null;
    }
}
