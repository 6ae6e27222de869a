using System.Linq.Expressions;
using System.Reflection;
using System.Text;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>A member read from the document (or from the element being tested), with its CLR type.</summary>
/// <param name="Value">The stored value's path.</param>
/// <param name="Type">The member's CLR type.</param>
/// <param name="IsKey">True for the key field.</param>
/// <param name="Deserialized">For a member whose missing field reads as an initializer: the member as the deserialized document holds it.</param>
/// <param name="Missing">For such a member: what a document without it holds, when one value.</param>
internal sealed record MemberOperand(BoundExpr Value, Type Type, bool IsKey, BoundExpr? Deserialized = null, MissingReading? Missing = null);

/// <summary>
/// Resolves <c>p.Address.City</c> to the path of stored names (a <see cref="FieldAttribute"/> renames a
/// member) and field ids, and a lambda parameter of an <c>Any</c> to the element it tests. Conversions
/// that do not change the stored value (to a nullable, an enum to its number, a widening) are looked through.
/// </summary>
internal static class MemberResolver
{
    public static MemberOperand? Resolve(Expression node, TranslationContext context)
    {
        node = StripConversions(node);
        if (node is MemberExpression { Member.Name: "Value", Expression: { } inner } && Nullable.GetUnderlyingType(inner.Type) is not null)
        {
            node = StripConversions(inner);
        }

        var type = node.Type;
        var names = new List<MemberInfo>();
        while (node is MemberExpression { Expression: { } owner } member && member.Member is PropertyInfo or FieldInfo)
        {
            if (IsFrameworkMember(member.Member))
            {
                // string.Length, Nullable.HasValue, List.Count: not stored fields.
                return null;
            }

            node = InterfaceMembers.StripUpcast(owner);
            if (InterfaceMembers.Implementation(member.Member, node.Type) is not { } implementation)
            {
                return null;
            }

            names.Add(implementation);
        }

        names.Reverse();
        if (node is not ParameterExpression parameter)
        {
            return null;
        }

        if (parameter == context.Document)
        {
            if (names.Count == 0)
            {
                return null;
            }

            var (ids, stored) = Ids(names, context);
            var path = new PathExpr(0, ids, -1, -1, stored) { Text = stored };
            var isKey = stored == context.Collection.KeyField;
            var missing = isKey ? null : InitializedMembers.Read(context, names);
            var deserialized = missing is not null && context.Reader is { } reader
                ? new DeserializedMemberExpr(path, reader, [.. names]) { Text = stored }
                : null;
            return new MemberOperand(path, type, isKey, deserialized, missing);
        }

        var scope = context.Scopes.FindLast(s => s.Parameter == parameter);
        if (scope is null)
        {
            return null;
        }

        if (names.Count == 0)
        {
            return new MemberOperand(scope.Path, type, false);
        }

        var (elementIds, elementPath) = Ids(names, context);
        return new MemberOperand(new ElementFieldExpr(scope.Path.Slot, elementIds) { Text = $"{scope.Path.Text}.{elementPath}", StoredPath = $"{scope.Path.StoredPath}.{elementPath}" }, type, false);
    }

    /// <summary>The path of an array member as an element path (<c>Tags[]</c>) with a new element slot.</summary>
    public static PathExpr? ElementPath(Expression node, TranslationContext context)
    {
        node = StripConversions(node);
        var names = new List<MemberInfo>();
        while (node is MemberExpression { Expression: { } owner } member && member.Member is PropertyInfo or FieldInfo)
        {
            if (IsFrameworkMember(member.Member))
            {
                // string.Length, Nullable.HasValue, List.Count: not stored fields.
                return null;
            }

            node = InterfaceMembers.StripUpcast(owner);
            if (InterfaceMembers.Implementation(member.Member, node.Type) is not { } implementation)
            {
                return null;
            }

            names.Add(implementation);
        }

        names.Reverse();
        if (node != context.Document || names.Count == 0)
        {
            return null;
        }

        var (ids, stored) = Ids(names, context);
        return new PathExpr(0, ids, ids.Length - 1, context.ElementSlots++, stored + "[]") { Text = stored + "[]" };
    }

    private static bool IsFrameworkMember(MemberInfo member) =>
        member.DeclaringType?.Namespace is { } ns && (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal));

    public static string StoredName(MemberInfo member) => member.GetCustomAttribute<FieldAttribute>()?.StoredName ?? member.Name;

    public static Expression StripConversions(Expression node)
    {
        while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } convert)
        {
            node = convert.Operand;
        }

        return node;
    }

    private static (ushort[] Ids, string Stored) Ids(List<MemberInfo> members, TranslationContext context)
    {
        var ids = new ushort[members.Count];
        var stored = new StringBuilder();
        for (var i = 0; i < members.Count; i++)
        {
            var name = StoredName(members[i]);
            ids[i] = context.FieldId(name);
            stored.Append(i > 0 ? "." : string.Empty).Append(name);
        }

        return (ids, stored.ToString());
    }
}
