using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace DocStore.Generators.QueryChecks;

/// <summary>
/// Checks a Where (or First, Count, Any, ...) predicate form by form as the run-time translation reads it,
/// collecting what does not translate and returning the conditions that do, for the index checks.
/// </summary>
internal sealed partial class PredicateChecker(QueryModel model, List<QueryProblem> problems)
{
    private readonly PathResolver _paths = new(model);

    public Condition Check(IOperation operation, LambdaScope scope)
    {
        if (scope.IsFree(operation))
        {
            return new OpaqueCondition(operation.Syntax);
        }

        operation = PathResolver.StripConversions(operation);
        switch (operation)
        {
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.And } and:
                return new AndCondition(and.Syntax, Check(and.LeftOperand, scope), Check(and.RightOperand, scope));
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr or BinaryOperatorKind.Or } or:
                return new OrCondition(or.Syntax, Check(or.LeftOperand, scope), Check(or.RightOperand, scope));
            case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not:
                // The translation wraps a negation so that a missing member reads as false: no index answers it.
                Check(not.Operand, scope);
                return new OpaqueCondition(not.Syntax);
            case IBinaryOperation binary when IsComparison(binary.OperatorKind):
                return Derived(binary, scope) ?? Compare(binary, binary.LeftOperand, binary.RightOperand, binary.OperatorKind, scope);
            case IInvocationOperation invocation:
                return Call(invocation, scope);
            case IPropertyReferenceOperation { Property.Name: "HasValue", Instance: { } nullable } when nullable.Type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T }:
                return NullTest(operation, nullable, scope);
            default:
                Operand operand = _paths.Resolve(operation, scope);
                if (operand.Kind == OperandKind.Path && operand.Path!.Shape is { Kind: Model.ShapeKind.Boolean, IsNullableValue: false })
                {
                    return new PathCondition(operation.Syntax, operand.Path.Text, Access.Equality);
                }

                return Refuse(operand.Problem ?? new QueryProblem(operation.Syntax,
                    "a condition must be a comparison (of a member, its Length or Count, or an ordinal compare with 0), a bool member, a null test, StartsWith, Equals, string.IsNullOrEmpty, Contains or Any"));
        }
    }

    private Condition Compare(IOperation binary, IOperation leftOperand, IOperation rightOperand, BinaryOperatorKind kind, LambdaScope scope)
    {
        Operand left = _paths.Resolve(leftOperand, scope);
        Operand right = _paths.Resolve(rightOperand, scope);
        if ((left.Problem ?? right.Problem) is { } problem)
        {
            return Refuse(problem);
        }

        if (left.Kind == OperandKind.Path && right.Kind == OperandKind.Path)
        {
            return Refuse(new QueryProblem(binary.Syntax,
                $"it compares two document members ('{left.Path!.Text}' and '{right.Path!.Text}'); one side must be a value computed without the document"));
        }

        if (left.Kind != OperandKind.Path && right.Kind != OperandKind.Path)
        {
            return new OpaqueCondition(binary.Syntax);
        }

        DocumentPath path = (left.Kind == OperandKind.Path ? left.Path : right.Path)!;
        if (path.Text.Length == 0)
        {
            return Refuse(new QueryProblem(binary.Syntax, "the document itself cannot be compared; compare one of its members"));
        }

        if (!path.IsScalar && !IsNull(left.Kind == OperandKind.Path ? rightOperand : leftOperand))
        {
            return Refuse(new QueryProblem(binary.Syntax, $"'{path.Text}' is a nested document or a sequence; it can only be compared with null"));
        }

        bool pathOnLeft = left.Kind == OperandKind.Path;
        return new PathCondition(binary.Syntax, path.Text, MissingValues.Access(path, pathOnLeft ? kind : MissingValues.Mirror(kind), pathOnLeft ? rightOperand : leftOperand, isKey: path.Text == model.KeyPath));
    }

    private Condition Call(IInvocationOperation call, LambdaScope scope)
    {
        IMethodSymbol method = call.TargetMethod;
        bool onString = method.ContainingType.SpecialType == SpecialType.System_String;
        IOperation[] arguments = call.Arguments.Select(a => a.Value).ToArray();
        return method.Name switch
        {
            "StartsWith" when onString && call.Instance is not null => StartsWith(call, arguments, scope),
            "IsNullOrEmpty" when onString && call.Instance is null && arguments.Length == 1 => NullTest(call, arguments[0], scope),
            "Equals" when (onString || call.Instance is not null) && arguments.Length == (call.Instance is null ? 2 : 1) =>
                call.Instance is null
                    ? Compare(call, arguments[0], arguments[1], BinaryOperatorKind.Equals, scope)
                    : Compare(call, call.Instance, arguments[0], BinaryOperatorKind.Equals, scope),
            "Contains" when !onString && call.Instance is null && arguments.Length == 2 => Contains(call, arguments[0], arguments[1], scope),
            "Contains" when !onString && call.Instance is not null && arguments.Length == 1 => Contains(call, call.Instance, arguments[0], scope),
            "Any" when method.ContainingType.ToDisplayString() == "System.Linq.Enumerable" => Any(call, arguments[0], arguments.Skip(1).ToArray(), scope),
            _ => Refuse(_paths.Resolve(call, scope).Problem ?? new QueryProblem(call.Syntax, $"'{method.Name}' does not translate")),
        };
    }

    /// <summary><c>p.Age.HasValue</c>, <c>string.IsNullOrEmpty(p.Name)</c>: translate, but test for a missing value, which no index answers.</summary>
    private OpaqueCondition NullTest(IOperation test, IOperation member, LambdaScope scope)
    {
        Operand operand = _paths.Resolve(member, scope);
        return operand.Kind == OperandKind.Path && operand.Path!.Text.Length > 0
            ? new OpaqueCondition(test.Syntax)
            : Refuse(operand.Problem ?? new QueryProblem(test.Syntax, "only a member of the document can be tested here"));
    }

    private Condition StartsWith(IInvocationOperation call, IOperation[] arguments, LambdaScope scope)
    {
        Operand target = _paths.Resolve(call.Instance!, scope);
        if (target.Kind != OperandKind.Path)
        {
            return Refuse(target.Problem ?? new QueryProblem(call.Syntax, "StartsWith translates only on a stored string member"));
        }

        if (arguments.Length == 0 || arguments[0].Type?.SpecialType != SpecialType.System_String || arguments.Length > 2)
        {
            return Refuse(new QueryProblem(call.Syntax, "only StartsWith(string) and StartsWith(string, StringComparison.Ordinal) translate"));
        }

        if (!scope.IsFree(arguments[0]))
        {
            return Refuse(new QueryProblem(arguments[0].Syntax, "the prefix must be a value computed without the document"));
        }

        if (arguments.Length == 2 && arguments[1].ConstantValue is { HasValue: true, Value: int comparison } && comparison != (int)StringComparison.Ordinal)
        {
            return Refuse(new QueryProblem(arguments[1].Syntax, "strings compare ordinally; only StringComparison.Ordinal translates"));
        }

        return new PathCondition(call.Syntax, target.Path!.Text, Access.Range);
    }

    private Condition Contains(IInvocationOperation call, IOperation source, IOperation item, LambdaScope scope)
    {
        Operand list = _paths.Resolve(source, scope);
        Operand value = _paths.Resolve(item, scope);
        if (list.Kind == OperandKind.Path && list.Path!.IsSequence && !list.Path.IsInElement && value.Kind == OperandKind.Value)
        {
            // Contains(null) is an IS NULL test on the elements, which no index answers.
            return new PathCondition(call.Syntax, model.Elements(list.Path).Text, IsNull(item) ? Access.None : Access.Equality);
        }

        if (list.Kind == OperandKind.Value && value.Kind == OperandKind.Path && value.Path!.Text.Length > 0)
        {
            return new PathCondition(call.Syntax, value.Path.Text, Access.In);
        }

        return Refuse(list.Problem ?? value.Problem ?? new QueryProblem(call.Syntax,
            "Contains translates on a sequence member of the document with a value (p.Tags.Contains(x)) or on a list of values with a member (ids.Contains(p.Id))"));
    }

    private Condition Any(IInvocationOperation call, IOperation source, IOperation[] arguments, LambdaScope scope)
    {
        Operand list = _paths.Resolve(source, scope);
        if (list.Kind != OperandKind.Path || !list.Path!.IsSequence || list.Path.IsInElement)
        {
            return Refuse(list.Problem ?? new QueryProblem(call.Syntax, "Any translates only on a sequence member of the document (not of an element)"));
        }

        if (arguments.Length == 0)
        {
            return new OpaqueCondition(call.Syntax);
        }

        DocumentPath elements = model.Elements(list.Path);
        if (LambdaScope.Lambda(arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda || LambdaScope.Body(lambda) is not { } body)
        {
            return Refuse(new QueryProblem(arguments[0].Syntax, "Any needs a lambda with an expression body"));
        }

        // A multikey index holds one entry per element (Tags[]) or per element's member (Lines[].Sku): it
        // answers one equality, range or prefix on it; a compound element test is checked element by element.
        Condition inner = Check(body, new LambdaScope(lambda.Symbol.Parameters[0], elements, scope));
        return inner is PathCondition { Access: Access.Equality or Access.Range } condition
            && (condition.Path == elements.Text || condition.Path.StartsWith(elements.Text + ".", System.StringComparison.Ordinal))
            ? At(inner, call.Syntax)
            : new OpaqueCondition(call.Syntax);
    }

    private static Condition At(Condition condition, SyntaxNode syntax) => condition with { Syntax = syntax };

    private OpaqueCondition Refuse(QueryProblem problem)
    {
        problems.Add(problem);
        return new OpaqueCondition(problem.Syntax);
    }

    private static bool IsNull(IOperation operation) => PathResolver.StripConversions(operation).ConstantValue is { HasValue: true, Value: null };

    private static bool IsComparison(BinaryOperatorKind kind) => kind is BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals
        or BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual;
}
