using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace DocStore.Linq.Translation;

/// <summary>
/// Computes a subtree that reads no document: constants, captured variables (closure fields), members of
/// captured objects, conversions, arithmetic and method calls on them. The common forms are read through
/// reflection; anything else is compiled (interpreted under NativeAOT), which is slower but exact.
/// </summary>
internal static class ValueEvaluator
{
    public static object? Evaluate(Expression node)
    {
        switch (node)
        {
            case ConstantExpression constant:
                return constant.Value;
            case MemberExpression { Member: FieldInfo field } member:
                return field.GetValue(member.Expression is null ? null : Evaluate(member.Expression));
            case MemberExpression { Member: PropertyInfo property } member:
                return property.GetValue(member.Expression is null ? null : Evaluate(member.Expression));
            case UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } convert:
                return Convert(Evaluate(convert.Operand), convert.Type);
            case MethodCallExpression call when !call.Method.IsGenericMethodDefinition:
                var target = call.Object is null ? null : Evaluate(call.Object);
                var arguments = new object?[call.Arguments.Count];
                for (var i = 0; i < arguments.Length; i++)
                {
                    arguments[i] = Evaluate(call.Arguments[i]);
                }

                return Invoke(call.Method, target, arguments);
            default:
                return Compiled(node);
        }
    }

    private static object? Invoke(MethodInfo method, object? target, object?[] arguments)
    {
        try
        {
            return method.Invoke(target, arguments);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }
    }

    /// <summary>A boxing-level conversion: to or from a nullable, an enum's underlying number, or between numbers.</summary>
    private static object? Convert(object? value, Type type)
    {
        if (value is null)
        {
            return null;
        }

        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target.IsInstanceOfType(value) || target == typeof(object))
        {
            return value;
        }

        if (target.IsEnum)
        {
            return Enum.ToObject(target, value);
        }

        if (value is Enum)
        {
            value = System.Convert.ChangeType(value, Enum.GetUnderlyingType(value.GetType()), System.Globalization.CultureInfo.InvariantCulture);
        }

        return value is IConvertible && typeof(IConvertible).IsAssignableFrom(target)
            ? System.Convert.ChangeType(value, target, System.Globalization.CultureInfo.InvariantCulture)
            : value;
    }

    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "Expression<Func<object>>.Compile falls back to the interpreter under NativeAOT.")]
    private static object? Compiled(Expression node) =>
        Expression.Lambda<Func<object?>>(Expression.Convert(node, typeof(object))).Compile(preferInterpretation: true)();
}
