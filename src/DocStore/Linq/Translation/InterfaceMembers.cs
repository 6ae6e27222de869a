using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace DocStore.Linq.Translation;

/// <summary>
/// A generic method constrained to an interface or a base class reads <c>p.Age</c> as <c>((IAged)p).Age</c>.
/// The conversion is looked through and an interface's property is taken as the document type's own
/// property of that name, so the stored name (a <see cref="FieldAttribute"/> rename) is the model's.
/// </summary>
internal static class InterfaceMembers
{
    /// <summary>The operand of a reference conversion to a type it implements or derives from; otherwise <paramref name="node"/>.</summary>
    public static Expression StripUpcast(Expression node)
    {
        while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.TypeAs, Method: null, Operand: var operand } convert
               && !operand.Type.IsValueType && convert.Type.IsAssignableFrom(operand.Type))
        {
            node = operand;
        }

        return node;
    }

    /// <summary>
    /// The property of <paramref name="owner"/> that implements <paramref name="member"/> when it is an
    /// interface's; <paramref name="member"/> itself otherwise; null when no public property of that name and type exists.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Without the property's metadata the query is refused as not translatable; nothing is read wrongly.")]
    public static MemberInfo? Implementation(MemberInfo member, Type owner)
    {
        if (member.DeclaringType is not { IsInterface: true } || owner.IsInterface || member is not PropertyInfo property)
        {
            return member;
        }

        var candidates = owner.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Where(p => p.Name == property.Name && p.PropertyType == property.PropertyType && p.GetIndexParameters().Length == 0)
            .ToList();
        return candidates.Count == 1 ? candidates[0] : null;
    }
}
