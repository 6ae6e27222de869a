using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace DocStore.Tests.Architecture;

/// <summary>
/// Visits every node of one file and reports each symbol declared in src/DocStore that the node binds to
/// (through a name, a member access, an invocation, an operator, a conversion, a foreach, an await, a
/// deconstruction, or an inferred type) when the declaring file is in a higher layer, or in a confined folder
/// (<see cref="LayerChecker.Confined"/>) above whose highest user the file sits. A name that binds to
/// nothing is reported too: a skipped name could hide a reference.
/// </summary>
internal sealed class ReferenceWalker(string root, SemanticModel model, SortedSet<string> violations) : CSharpSyntaxWalker
{
    private readonly string _file = LayerChecker.Relative(root, model.SyntaxTree.FilePath);
    private readonly string _folder = LayerChecker.LayerFolder(root, model.SyntaxTree.FilePath);
    private readonly int _layer = LayerChecker.LayerOf(LayerChecker.LayerFolder(root, model.SyntaxTree.FilePath));

    public override void Visit(SyntaxNode? node)
    {
        // Imports are not uses; an alias is checked where it is used.
        if (node is null or UsingDirectiveSyntax)
        {
            return;
        }

        Inspect(node);
        base.Visit(node);
    }

    private void Inspect(SyntaxNode node)
    {
        switch (node)
        {
            case ForEachStatementSyntax loop:
                var info = model.GetForEachStatementInfo(loop);
                Use(info.GetEnumeratorMethod, info.MoveNextMethod, info.CurrentProperty, info.DisposeMethod, info.ElementType);
                break;
            case AwaitExpressionSyntax awaited:
                var awaitInfo = model.GetAwaitExpressionInfo(awaited);
                Use(awaitInfo.GetAwaiterMethod, awaitInfo.GetResultMethod, awaitInfo.IsCompletedProperty);
                break;
            case AssignmentExpressionSyntax or ForEachVariableStatementSyntax when DeconstructionOf(node) is { } deconstruction:
                Use(deconstruction.Method);
                break;
        }

        if (node is ExpressionSyntax or ConstructorInitializerSyntax or PrimaryConstructorBaseTypeSyntax or AttributeSyntax or PatternSyntax or SubpatternSyntax)
        {
            var symbolInfo = model.GetSymbolInfo(node);
            Use(symbolInfo.Symbol);
            foreach (var candidate in symbolInfo.CandidateSymbols)
            {
                Use(candidate);
            }

            if (node is SimpleNameSyntax name && symbolInfo.Symbol is null && symbolInfo.CandidateSymbols.IsEmpty && !MayBindToNothing(name))
            {
                violations.Add($"{_file} ({_folder}) has a name that binds to nothing: '{name}' at line {name.GetLocation().GetLineSpan().StartLinePosition.Line + 1}");
            }
        }

        if (node is ExpressionSyntax or PatternSyntax)
        {
            var typeInfo = model.GetTypeInfo(node);
            Use(typeInfo.Type, typeInfo.ConvertedType);
            if (node is ExpressionSyntax expression)
            {
                Use(model.GetConversion(expression).MethodSymbol);
            }
        }

        if (model.GetDeclaredSymbol(node) is { } declared)
        {
            // Declared members carry types they never name (an inferred lambda parameter, an overridden member).
            switch (declared)
            {
                case IMethodSymbol method:
                    Use(method.ReturnType, method.OverriddenMethod);
                    Use([.. method.Parameters.Select(p => p.Type)]);
                    break;
                case IPropertySymbol property:
                    Use(property.Type, property.OverriddenProperty);
                    break;
                case ILocalSymbol local:
                    Use(local.Type);
                    break;
                case IParameterSymbol parameter:
                    Use(parameter.Type);
                    break;
                case IFieldSymbol field:
                    Use(field.Type);
                    break;
                case INamedTypeSymbol type:
                    Use(type.BaseType);
                    Use([.. type.Interfaces]);
                    break;
            }
        }
    }

    private DeconstructionInfo? DeconstructionOf(SyntaxNode node) => node switch
    {
        AssignmentExpressionSyntax { Left: TupleExpressionSyntax or DeclarationExpressionSyntax } assignment => model.GetDeconstructionInfo(assignment),
        ForEachVariableStatementSyntax loop => model.GetDeconstructionInfo(loop),
        _ => null,
    };

    /// <summary>Names the language lets bind to no symbol: nameof, and the notnull constraint.</summary>
    private static bool MayBindToNothing(SimpleNameSyntax name) => name.Identifier.ValueText switch
    {
        "nameof" => name.Parent is InvocationExpressionSyntax,
        "notnull" => name.Parent is TypeConstraintSyntax,
        _ => false,
    };

    private void Use(params ISymbol?[] symbols)
    {
        foreach (var symbol in symbols)
        {
            Use(symbol, depth: 0);
        }
    }

    private void Use(ISymbol? symbol, int depth)
    {
        if (symbol is null || depth > 8)
        {
            return;
        }

        switch (symbol)
        {
            case IArrayTypeSymbol array:
                Use(array.ElementType, depth + 1);
                return;
            case IPointerTypeSymbol pointer:
                Use(pointer.PointedAtType, depth + 1);
                return;
            case INamedTypeSymbol named:
                foreach (var argument in named.TypeArguments)
                {
                    Use(argument, depth + 1);
                }

                if (named.IsTupleType)
                {
                    foreach (var element in named.TupleElements)
                    {
                        Use(element.Type, depth + 1);
                    }
                }

                break;
            case IMethodSymbol method:
                foreach (var argument in method.TypeArguments)
                {
                    Use(argument, depth + 1);
                }

                // An extension method called as one is a reduced copy; its declaration is the static method.
                symbol = method.ReducedFrom ?? method;
                break;
            case ILocalSymbol or IParameterSymbol or IRangeVariableSymbol or ILabelSymbol or IDiscardSymbol or INamespaceSymbol or ITypeParameterSymbol or IPreprocessingSymbol:
                return;
        }

        Attribute(symbol.OriginalDefinition);
        if (symbol.ContainingType is { } containing)
        {
            Attribute(containing.OriginalDefinition);
        }
    }

    private void Attribute(ISymbol symbol)
    {
        foreach (var reference in symbol.DeclaringSyntaxReferences)
        {
            var path = reference.SyntaxTree.FilePath;
            if (!path.StartsWith(root, StringComparison.Ordinal))
            {
                continue;
            }

            var toFolder = LayerChecker.LayerFolder(root, path);
            var toLayer = LayerChecker.LayerOf(toFolder);
            var declaredIn = LayerChecker.Relative(root, path);
            if (toLayer > _layer)
            {
                violations.Add($"{_file} ({_folder}) uses {symbol.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)} ({toFolder}, {declaredIn})");
            }
            else if (LayerChecker.ConfinementOf(declaredIn) is { } confined && _layer > LayerChecker.LayerOf(confined.HighestUser))
            {
                violations.Add($"{_file} ({_folder}) uses {symbol.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)} ({confined.Folder} is used only up to {confined.HighestUser}, {declaredIn})");
            }
        }
    }
}
