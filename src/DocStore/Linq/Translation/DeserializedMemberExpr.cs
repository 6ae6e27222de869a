using System.Reflection;
using DocStore.Bson;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>Reads a stored document as the query's document type.</summary>
internal delegate object? DocumentReader(ReadOnlyMemory<byte> document, IFieldDictionary fields);

/// <summary>
/// A member as the deserialized document holds it, for a member whose missing field reads as an initializer:
/// the stored value when there is one, else (the field missing or null) the member of the document read
/// whole, null through a missing or null parent object. Only documents without the value are deserialized.
/// </summary>
internal sealed class DeserializedMemberExpr(BoundExpr stored, DocumentReader read, MemberInfo[] members) : BoundExpr
{
    public override IEnumerable<BoundExpr> Children => [stored];

    public override SqlValue Eval(RowContext row)
    {
        var value = stored.Eval(row);
        if (!value.IsNull)
        {
            return value;
        }

        var current = read(row.Docs[0], row.Fields[0]);
        foreach (var member in members)
        {
            if (current is null)
            {
                return SqlValue.Null;
            }

            current = InitializedMembers.Get(member, current);
        }

        return ClrValues.ToSql(current);
    }
}
