using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// SQLite's affinity for comparisons (https://www.sqlite.org/datatype3.html, section 4.2): a path to a
/// table's declared column has the column's affinity, a path to a typed model's member the affinity of its
/// recorded type (integers INTEGER, floating point REAL, strings TEXT), <c>CAST(x AS type)</c> the
/// affinity of the type name; every other expression has none.
/// When one side is INTEGER, REAL or NUMERIC and the other is TEXT, BLOB or none, the other is read as a
/// number when it is numeric text; when one side is TEXT and the other has none, the other becomes text.
/// </summary>
internal sealed partial class Binder
{
    private BoundExpr WithComparisonAffinity(BoundExpr other, BoundExpr member)
    {
        var memberAffinity = AffinityOf(member);
        var otherAffinity = AffinityOf(other);
        bool numeric;
        if (memberAffinity is ColumnAffinity.Integer or ColumnAffinity.Real or ColumnAffinity.Numeric
            && otherAffinity is null or ColumnAffinity.Text or ColumnAffinity.Blob)
        {
            numeric = true;
        }
        else if (memberAffinity == ColumnAffinity.Text && otherAffinity is null)
        {
            numeric = false;
        }
        else
        {
            return other;
        }

        if (other is LiteralExpr literal)
        {
            var converted = numeric ? ColumnAffinityRules.ToNumeric(literal.Value) : ColumnAffinityRules.ToText(literal.Value);
            return new LiteralExpr(converted) { Text = literal.Text };
        }

        return new ComparisonAffinityExpr(other, numeric) { Text = other.Text };
    }

    /// <summary>The affinity of a bound expression, or null when it has none.</summary>
    private ColumnAffinity? AffinityOf(BoundExpr expression)
    {
        // CAST(x AS type) has the affinity of a column declared with that type.
        if (expression is CastExpr cast)
        {
            return cast.Affinity;
        }

        if (expression is not PathExpr { Expand: < 0 } path)
        {
            return null;
        }

        var collection = _sources[path.Source].Collection;
        foreach (var column in collection.Columns)
        {
            if (column.Name == path.StoredPath)
            {
                return column.Affinity;
            }
        }

        if (!_types.TryGetValue(collection, out var types))
        {
            types = FieldType.ByPath(collection.Types);
            _types[collection] = types;
        }

        return types?.GetValueOrDefault(path.StoredPath)?.Kind switch
        {
            FieldTypeKind.Byte or FieldTypeKind.SByte or FieldTypeKind.Int16 or FieldTypeKind.UInt16 or FieldTypeKind.Int32
                or FieldTypeKind.UInt32 or FieldTypeKind.Int64 or FieldTypeKind.UInt64 => ColumnAffinity.Integer,
            FieldTypeKind.Single or FieldTypeKind.Double => ColumnAffinity.Real,
            FieldTypeKind.String => ColumnAffinity.Text,
            _ => null,
        };
    }
}
