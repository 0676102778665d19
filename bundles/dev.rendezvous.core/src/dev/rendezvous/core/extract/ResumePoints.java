package dev.rendezvous.core.extract;

import org.eclipse.jdt.core.dom.ASTNode;
import org.eclipse.jdt.core.dom.Assignment;
import org.eclipse.jdt.core.dom.Block;
import org.eclipse.jdt.core.dom.CastExpression;
import org.eclipse.jdt.core.dom.ConditionalExpression;
import org.eclipse.jdt.core.dom.DoStatement;
import org.eclipse.jdt.core.dom.EnhancedForStatement;
import org.eclipse.jdt.core.dom.ExpressionStatement;
import org.eclipse.jdt.core.dom.FieldAccess;
import org.eclipse.jdt.core.dom.ForStatement;
import org.eclipse.jdt.core.dom.IfStatement;
import org.eclipse.jdt.core.dom.InfixExpression;
import org.eclipse.jdt.core.dom.LabeledStatement;
import org.eclipse.jdt.core.dom.MethodDeclaration;
import org.eclipse.jdt.core.dom.MethodInvocation;
import org.eclipse.jdt.core.dom.ParenthesizedExpression;
import org.eclipse.jdt.core.dom.PrefixExpression;
import org.eclipse.jdt.core.dom.QualifiedName;
import org.eclipse.jdt.core.dom.ReturnStatement;
import org.eclipse.jdt.core.dom.SimpleName;
import org.eclipse.jdt.core.dom.SwitchStatement;
import org.eclipse.jdt.core.dom.TryStatement;
import org.eclipse.jdt.core.dom.VariableDeclarationFragment;
import org.eclipse.jdt.core.dom.VariableDeclarationStatement;
import org.eclipse.jdt.core.dom.WhileStatement;

/**
 * Whether a rank stopped inside a call resumes from its variables alone: nothing the interpreter
 * computed before the call is held on its own stack waiting for the call's value. True for a call
 * that is a statement, a declaration's initializer, the value of an assignment to a variable or of a
 * {@code return}, a condition, or the first operand evaluated in one of these; false for an argument
 * of another call, a right operand, an element assignment, anything inside a {@code finally} block
 * (a pending return or exception), a lambda or a switch expression. The state cache treats a rank
 * stopped at any other place as unique (never equal to another state).
 */
final class ResumePoints {
    private ResumePoints() {}

    static boolean resumesFromVariables(ASTNode call) {
        ASTNode child = call;
        for (ASTNode p = call.getParent(); p != null; child = p, p = p.getParent()) {
            switch (p) {
                case MethodDeclaration m -> {
                    return true;
                }
                case ParenthesizedExpression x -> { }
                case CastExpression x -> { }
                case PrefixExpression x -> { }
                case ConditionalExpression x -> { }
                case ExpressionStatement x -> { }
                case VariableDeclarationFragment x -> { }
                case VariableDeclarationStatement x -> { }
                case ReturnStatement x -> { }
                case Block x -> { }
                case IfStatement x -> { }
                case WhileStatement x -> { }
                case DoStatement x -> { }
                case ForStatement x -> { }
                case EnhancedForStatement x -> { }
                case SwitchStatement x -> { }
                case LabeledStatement x -> { }
                case InfixExpression x -> {
                    if (x.getLeftOperand() != child) return false;
                }
                case MethodInvocation x -> {
                    if (x.getExpression() != child) return false; // an argument: earlier arguments are pending
                }
                case FieldAccess x -> { }
                case QualifiedName x -> { }
                case Assignment x -> {
                    if (x.getRightHandSide() != child || !(x.getLeftHandSide() instanceof SimpleName
                            || x.getLeftHandSide() instanceof FieldAccess f && f.getExpression() instanceof org.eclipse.jdt.core.dom.ThisExpression)) {
                        return false;
                    }
                    if (x.getOperator() != Assignment.Operator.ASSIGN) return false; // x += f(): x's old value is pending
                }
                case TryStatement x -> {
                    if (x.getFinally() == child) return false;
                }
                default -> {
                    return false;
                }
            }
        }
        return false;
    }
}
